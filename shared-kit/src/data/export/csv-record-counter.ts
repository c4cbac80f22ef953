const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the records of an RFC 4180 CSV as its bytes arrive: a record ends at a line feed outside quotes (a quoted
 * field may hold line breaks; a doubled quote toggles twice). Bytes, not text: in UTF-8 neither byte is ever part
 * of another character, so a chunk may end anywhere.
 */
export function createCsvRecordCounter() {
  let quoted = false;
  let records = 0;
  return {
    add(chunk: Uint8Array) {
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index];
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) records++;
      }
    },
    /** Data rows so far: every finished record but the header. */
    get rows() {
      return Math.max(0, records - 1);
    },
  };
}
