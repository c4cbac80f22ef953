/** What the page reads from a request file to find its licence; the server checks the whole file (checksum too). */
export interface RequestSummary {
  productIdentifier: string;
  serial: string;
}

const REQUEST_FORMAT = 'producthub-offline-request';

/** The product and serial a request file names, or null when the text is not a request file. */
export function requestSummaryOf(text: string): RequestSummary | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { format, product_identifier: productIdentifier, serial } = parsed as Record<string, unknown>;
  if (format !== REQUEST_FORMAT || typeof productIdentifier !== 'string' || typeof serial !== 'string') return null;
  return { productIdentifier, serial: serial.trim().toUpperCase() };
}
