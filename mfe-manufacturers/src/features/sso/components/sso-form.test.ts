import { bodyOf, parseGroupRoles, type SsoForm } from './sso-form';

const form: SsoForm = {
  enabled: true,
  issuer: ' https://idp.example.com ',
  clientId: 'producthub',
  clientSecret: '',
  domains: 'Example.com, example.org',
  groupsClaim: 'groups',
  groupRoles: 'producthub-admins = admin\n\n a = b = release_manager ',
  defaultRole: '',
  passwordSignInOff: false,
};

describe('the Single sign-on form', () => {
  it('reads "group = role" lines in order, the last = splitting', () => {
    expect(parseGroupRoles(form.groupRoles)).toEqual([
      { group: 'producthub-admins', role: 'admin' },
      { group: 'a = b', role: 'release_manager' },
    ]);
  });

  it('names a line with an unknown role or no group', () => {
    expect(parseGroupRoles('admins = boss')).toContain('"admins = boss"');
    expect(parseGroupRoles('= admin')).toContain('"= admin"');
  });

  it('keeps the secret set when none is typed, and lowers the domains', () => {
    const body = bodyOf(form);
    expect(body).not.toHaveProperty('client_secret');
    expect(body).toMatchObject({
      issuer: 'https://idp.example.com',
      allowed_domains: ['example.com', 'example.org'],
      default_role: null,
    });
    expect(bodyOf({ ...form, clientSecret: 's3cret' })).toHaveProperty('client_secret', 's3cret');
  });
});
