import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'shared-kit/contract';
import { passwordWeakness } from './password-policy';
import { DEMO_LOGINS } from '../seed/demo-logins';

describe('password policy (ASVS 5.0 6.2)', () => {
  it('asks at least 12 characters and allows long passphrases, counting characters not UTF-16 units', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordWeakness('Tr0ub4dor&3')).toBe('The password must be at least 12 characters long.');
    expect(passwordWeakness('🎹🎹🎸🎸🥁🥁🎺🎺🎻🎻🎷')).toBe('The password must be at least 12 characters long.');
    expect(passwordWeakness('a sentence of several plain words'.padEnd(PASSWORD_MAX_LENGTH, '.'))).toBeNull();
    expect(passwordWeakness('x'.repeat(PASSWORD_MAX_LENGTH) + 'y')).toBe(
      `The password may be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    );
  });

  it('has no composition rules: one class of characters is fine when long and hard to guess', () => {
    expect(passwordWeakness('alllowercaseletters')).toBeNull();
    expect(passwordWeakness('correct horse battery staple')).toBeNull();
  });

  it.each([
    ['password12345', 'This is similar to a commonly used password.'],
    ['Passw0rd2026', 'This is similar to a commonly used password.'],
    ['abcdefghijkl', 'Common character sequences like "abc" are easy to guess.'],
    ['aaaaaaaaaaab', 'Repeated characters like "aaa" are easy to guess.'],
    ['aaaaaaaaaaaaaaaa', 'Repeated characters like "aaa" are easy to guess.'],
    ['password1234', 'This is similar to a commonly used password.'],
    ['qwerasdfzxcv', ''],
    ['PASSWORD1234', ''],
    ['1q2w3e4r5t6y', ''],
  ])('refuses %s, saying why', (password, warning) => {
    const weakness = passwordWeakness(password);
    expect(weakness).toMatch(/^This password is too easy to guess\. .*A few uncommon words make a strong one\.$/);
    expect(weakness).toContain(warning);
  });

  it('accepts the demo passwords of the README, the seed and the e2e suite', () => {
    expect(DEMO_LOGINS.length).toBeGreaterThan(0);
    for (const login of DEMO_LOGINS)
      expect([login.email, passwordWeakness(login.password)]).toEqual([login.email, null]);
  });
});
