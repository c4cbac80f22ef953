/** What a one-time secret reads as wherever staff see a mail that carried one. */
export const MASKED_SECRET = '••••••';

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/**
 * The mail with every one-time secret masked, as it stands in the subject, the text and the HTML (also URL-encoded,
 * as in a link, and HTML-escaped).
 */
export function maskSecrets(mail: MailContent, secrets: readonly string[]): MailContent {
  const forms = [
    ...new Set(
      secrets
        .filter((secret) => secret.length > 0)
        .flatMap((secret) => [secret, encodeURIComponent(secret), escapeHtml(secret)]),
    ),
  ];
  // Longest first: a secret that contains another is masked whole.
  forms.sort((a, b) => b.length - a.length);
  const mask = (value: string) => forms.reduce((masked, form) => masked.split(form).join(MASKED_SECRET), value);
  return { subject: mask(mail.subject), html: mask(mail.html), text: mask(mail.text) };
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
