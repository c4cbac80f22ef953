/** How a mail shows a code to type: large, spaced, monospace. */
export const MAIL_CODE_STYLE = {
  fontSize: '32px',
  fontWeight: 700,
  letterSpacing: '6px',
  fontFamily: 'monospace',
  margin: '16px 0',
} as const;
