// The one definition of a link field (release manual, product page and images), shared by the console and the
// server. No TypeBox here, so the console can use it without shipping the schema library.

/** An absolute http:// or https:// URL with a host: never `javascript:`, `data:` or a relative path. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;

export const isHttpUrl = (value: string): boolean => HTTP_URL.test(value);

/** "Manual URL must be an http:// or https:// address." */
export const notAnHttpUrl = (label: string): string => `${label} must be an http:// or https:// address.`;
