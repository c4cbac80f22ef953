// Times in signed documents are UTC to the second, `YYYY-MM-DDTHH:MM:SSZ`: one way to write each instant.
const SIGNED_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** `date` as a signed document writes it. */
export function formatSignedTime(date: Date): string {
  const iso = date.toISOString();
  // Years 0000-9999 are `YYYY-MM-DDTHH:MM:SS.sssZ`, 24 characters; wider years keep their sign and digits.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}

/** A signed time in milliseconds, or NaN when it is written any other way. */
export function signedTimeMs(text: string): number {
  if (!SIGNED_TIME.test(text)) return Number.NaN;
  const ms = Date.parse(text);
  return Number.isNaN(ms) || formatSignedTime(new Date(ms)) !== text ? Number.NaN : ms;
}
