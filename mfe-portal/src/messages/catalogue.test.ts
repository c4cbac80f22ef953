import { en } from './en';
import { isLocale, messagesOf, translate } from './catalogue';

describe('the message catalogue', () => {
  it('fills the placeholders it is given and leaves the others visible', () => {
    expect(translate(en, 'license.machinesInUse', { used: 2, limit: 3 })).toBe('2 of 3 in use');
    expect(translate(en, 'license.machinesInUse', { used: 2 })).toBe('2 of {limit} in use');
  });

  it('knows English and nothing it does not ship', () => {
    expect(isLocale('en')).toBe(true);
    expect(isLocale('xx')).toBe(false);
    expect(messagesOf().t('signIn.title')).toBe('Sign in');
  });

  it('writes timestamps in the language', () => {
    expect(messagesOf('en').formatDateTime('2026-03-04T05:06:00.000Z')).toMatch(/2026/);
  });
});
