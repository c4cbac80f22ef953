import { checkMailAddress } from './mail-address';

describe('checkMailAddress', () => {
  it('takes plain addresses, lower-casing nothing but the domain', () => {
    expect(checkMailAddress(' Buyer.Name+tag@Example.COM ')).toEqual({
      ok: true,
      address: 'Buyer.Name+tag@example.com',
      needsSmtpUtf8: false,
    });
  });

  it('turns an IDN domain into A-labels when the local part is ASCII (no SMTPUTF8 needed)', () => {
    expect(checkMailAddress('info@bücher.example')).toEqual({
      ok: true,
      address: 'info@xn--bcher-kva.example',
      needsSmtpUtf8: false,
    });
  });

  it('keeps a UTF-8 local part (RFC 6531) and says it needs SMTPUTF8', () => {
    expect(checkMailAddress('jörg@bücher.example')).toEqual({
      ok: true,
      address: 'jörg@bücher.example',
      needsSmtpUtf8: true,
    });
    expect(checkMailAddress('用户@例子.广告')).toMatchObject({ ok: true, needsSmtpUtf8: true });
  });

  it.each([
    ['no at', 'buyer.example.com', 'is not a mail address (name@domain)'],
    ['empty local part', '@example.com', 'is not a mail address (name@domain)'],
    ['quoted local part', '"a b"@example.com', 'has a quoted local part, which is not accepted'],
    ['space', 'a b@example.com', 'has characters a mail address cannot hold before the @'],
    ['double dot', 'a..b@example.com', 'has characters a mail address cannot hold before the @'],
    ['control character', 'a\u0007b@example.com', 'has characters a mail address cannot hold before the @'],
    ['no dot in the domain', 'a@localhost', 'does not have a valid domain after the @'],
    ['IP literal', 'a@[127.0.0.1]', 'does not have a valid domain after the @'],
    ['numeric top-level label', 'a@127.0.0.1', 'does not have a valid domain after the @'],
    ['underscore in the domain', 'a@ex_ample.com', 'does not have a valid domain after the @'],
    ['over-long local part', `${'a'.repeat(65)}@example.com`, 'has a local part longer than 64 bytes'],
  ])('refuses %s with a reason', (_name, address, reason) => {
    expect(checkMailAddress(address)).toEqual({ ok: false, reason });
  });
});
