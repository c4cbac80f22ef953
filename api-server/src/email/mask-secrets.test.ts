import { MASKED_SECRET, maskSecrets } from './mask-secrets';

describe('maskSecrets', () => {
  it('masks a code and a link token wherever they stand: subject, text, HTML, URL-encoded and HTML-escaped', () => {
    const token = 'a+b/c=&d';
    const masked = maskSecrets(
      {
        subject: '123456 is your sign-in code',
        text: `Code 123456, or open https://x.example/sign-in?token=${encodeURIComponent(token)}`,
        html: `<p>123456</p><a href="https://x.example/sign-in?token=${encodeURIComponent(token)}">${token.replace(/&/g, '&amp;')}</a>`,
      },
      ['123456', token],
    );
    expect(masked.subject).toBe(`${MASKED_SECRET} is your sign-in code`);
    expect(masked.text).toBe(`Code ${MASKED_SECRET}, or open https://x.example/sign-in?token=${MASKED_SECRET}`);
    expect(masked.html).toBe(
      `<p>${MASKED_SECRET}</p><a href="https://x.example/sign-in?token=${MASKED_SECRET}">${MASKED_SECRET}</a>`,
    );
  });

  it('leaves a mail without secrets as it is, and ignores empty secrets', () => {
    const mail = { subject: 'Hello', text: 'Plain', html: '<p>Plain</p>' };
    expect(maskSecrets(mail, [''])).toEqual(mail);
  });
});
