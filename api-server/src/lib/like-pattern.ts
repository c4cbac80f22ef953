/** `%` and `_` typed by a user are searched for literally in a LIKE/ILIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
