import {
  clearStoredSession,
  parseStoredSession,
  readStoredSession,
  sessionCookieAttributes,
  storeSession,
} from './auth-storage';

const session = { token: 'tok', access_level: 'manufacturer' as const, manufacturer: { id: 1, name: 'Aurora Audio' } };

describe('auth storage', () => {
  beforeEach(() => {
    localStorage.clear();
    clearStoredSession();
  });

  it('stores the login under producthub_auth and in the authorization cookie', () => {
    storeSession(session);
    expect(JSON.parse(localStorage.getItem('producthub_auth')!)).toEqual(session);
    expect(document.cookie).toContain('authorization=tok');
    expect(readStoredSession()).toEqual(session);
  });

  it('clears both', () => {
    storeSession(session);
    clearStoredSession();
    expect(readStoredSession()).toBeNull();
    expect(document.cookie).not.toContain('authorization=tok');
  });

  it('marks the cookie Secure on a page served over HTTPS only', () => {
    expect(sessionCookieAttributes(60, 'https:')).toBe('Max-Age=60; Path=/; SameSite=Strict; Secure');
    expect(sessionCookieAttributes(60, 'http:')).toBe('Max-Age=60; Path=/; SameSite=Strict');
  });

  it('ignores a damaged or foreign value', () => {
    expect(parseStoredSession('{oops')).toBeNull();
    expect(parseStoredSession(JSON.stringify({ token: 'x', access_level: 'root', manufacturer: null }))).toBeNull();
    expect(parseStoredSession(JSON.stringify({ token: '', access_level: 'superuser', manufacturer: null }))).toBeNull();
    expect(parseStoredSession(JSON.stringify({ token: 'x', access_level: 'superuser', manufacturer: null }))).toEqual({
      token: 'x',
      access_level: 'superuser',
      manufacturer: null,
    });
  });
});
