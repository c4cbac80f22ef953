import { ssoStartPath, tokenFromCookie } from './sso-cookie';

describe('SSO sign-in helpers', () => {
  it('reads the session token the callback set', () => {
    expect(tokenFromCookie('theme=dark; authorization=abc%3D%3D; x=1')).toBe('abc==');
    expect(tokenFromCookie('authorization=; theme=dark')).toBeNull();
    expect(tokenFromCookie('')).toBeNull();
  });

  it('builds the start address from a sign-in name, refusing anything else', () => {
    expect(ssoStartPath('/api/v1', ' Aurora-Audio ')).toBe('/api/v1/sso/aurora-audio/start');
    expect(ssoStartPath('/api/v1/', 'aurora')).toBe('/api/v1/sso/aurora/start');
    expect(ssoStartPath('/api/v1', '../admin')).toBeNull();
    expect(ssoStartPath('/api/v1', 'ana@example.com')).toBeNull();
  });
});
