import { ConfigError } from '../config';
import { DEFAULT_FROM_ADDRESS, readEmailSettings } from './settings';

describe('readEmailSettings', () => {
  it('keeps mails (no SMTP URL) by default', () => {
    expect(readEmailSettings({})).toMatchObject({
      smtpUrl: undefined,
      fromAddress: DEFAULT_FROM_ADDRESS,
      maxAttempts: 10,
      retryBaseMs: 30_000,
      timeoutMs: 30_000,
      leaseMs: 95_000,
    });
  });

  it('reads the SMTP URL, the From address and the retry settings', () => {
    const settings = readEmailSettings({
      PRODUCTHUB_SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      PRODUCTHUB_MAIL_FROM: 'no-reply@Mail.Example.com',
      PRODUCTHUB_MAIL_MAX_ATTEMPTS: '3',
      PRODUCTHUB_MAIL_RETRY_BASE_MS: '10',
      PRODUCTHUB_MAIL_TIMEOUT_MS: '1000',
    });
    expect(settings).toMatchObject({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      fromAddress: 'no-reply@mail.example.com',
      maxAttempts: 3,
      retryBaseMs: 10,
      leaseMs: 8_000,
    });
  });

  it('refuses an SMTP URL without a From address, a bad URL and a bad From, without showing a password', () => {
    expect(() => readEmailSettings({ PRODUCTHUB_SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(ConfigError);
    expect(() =>
      readEmailSettings({ PRODUCTHUB_SMTP_URL: 'http://user:secret@host', PRODUCTHUB_MAIL_FROM: 'a@b.example' }),
    ).toThrow(/smtp:\/\/ or smtps:\/\/, got 'http:\/\/…@host'/);
    expect(() => readEmailSettings({ PRODUCTHUB_SMTP_URL: 'smtp://h', PRODUCTHUB_MAIL_FROM: 'nobody' })).toThrow(
      /PRODUCTHUB_MAIL_FROM 'nobody' is not a mail address/,
    );
    expect(() => readEmailSettings({ PRODUCTHUB_MAIL_MAX_ATTEMPTS: '0' })).toThrow(ConfigError);
  });
});
