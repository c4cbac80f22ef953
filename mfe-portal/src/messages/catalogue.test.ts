import { en } from './en';
import { isLocale, messagesOf, translate, withPageTexts } from './catalogue';

describe('the message catalogue', () => {
  it('fills the placeholders it is given and leaves the others visible', () => {
    expect(translate(en.firstLoad, 'nav.signedInAs', { email: 'ada@example.com' })).toBe(
      'Signed in as ada@example.com',
    );
    expect(translate(en.firstLoad, 'pages.current', { current: 2 })).toBe('Page 2 of {last}');
  });

  it('knows English and nothing it does not ship', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(messagesOf().t('signIn.title')).toBe('Sign in');
  });

  it("has a page's texts once the page is fetched with them", async () => {
    const { t } = messagesOf('en');
    expect(t('license.machinesInUse', { used: 2, limit: 3 })).toBe('license.machinesInUse');
    await expect(withPageTexts('licenses', Promise.resolve('the page'))).resolves.toBe('the page');
    expect(t('license.machinesInUse', { used: 2, limit: 3 })).toBe('2 of 3 in use');
    expect(t('signIn.title')).toBe('Sign in');
  });

  it('writes timestamps in the language', () => {
    expect(messagesOf('en').formatDateTime('2026-03-04T05:06:00.000Z')).toMatch(/2026/);
  });
});
