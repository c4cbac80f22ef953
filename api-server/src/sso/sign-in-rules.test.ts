import { emailInAllowedDomains, groupsOf, roleOfGroups } from './sign-in-rules';

describe('SSO sign-in rules', () => {
  it('takes an email of an allowed domain only, not a sub-domain or a look-alike', () => {
    expect(emailInAllowedDomains('Ana@Example.com', ['example.com'])).toBe(true);
    expect(emailInAllowedDomains('ana@eu.example.com', ['example.com'])).toBe(false);
    expect(emailInAllowedDomains('ana@example.com.evil.io', ['example.com'])).toBe(false);
    expect(emailInAllowedDomains('ana@evil.io', ['example.com', 'example.org'])).toBe(false);
    expect(emailInAllowedDomains('example.com', ['example.com'])).toBe(false);
  });

  it('reads a groups claim as a list or one string', () => {
    expect(groupsOf(['a', 2, 'b'])).toEqual(['a', 'b']);
    expect(groupsOf('a')).toEqual(['a']);
    expect(groupsOf({ a: 1 })).toEqual([]);
    expect(groupsOf(undefined)).toEqual([]);
  });

  it('gives the first mapped role the groups hold, else the default, else none', () => {
    const mapping = [
      { group: 'admins', role: 'admin' as const },
      { group: 'releases', role: 'release_manager' as const },
    ];
    expect(roleOfGroups(['releases', 'admins'], mapping, null)).toBe('admin');
    expect(roleOfGroups(['releases'], mapping, 'viewer')).toBe('release_manager');
    expect(roleOfGroups(['sales'], mapping, 'viewer')).toBe('viewer');
    expect(roleOfGroups(['sales'], mapping, null)).toBeNull();
  });
});
