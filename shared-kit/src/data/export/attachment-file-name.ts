const ENCODED = /filename\*\s*=\s*UTF-8''([^;]+)/i;
const QUOTED = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const TOKEN = /filename\s*=\s*([^;\s]+)/i;

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`), else `fallback`. */
export function attachmentFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = ENCODED.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A broken encoding: the plain filename below, if any.
    }
  }
  const quoted = QUOTED.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  return TOKEN.exec(header)?.[1] ?? fallback;
}
