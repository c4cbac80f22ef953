import { leaveTarget, safeReturnTo } from './leave-rule';

describe('the Back rule (docs/console.md, Manufacturer details)', () => {
  const returnTo = '/Home/Manufacturers?page=2';

  it.each(['superuser', 'manufacturer', undefined] as const)('goes to returnTo when present, for %s', (accessLevel) => {
    expect(leaveTarget({ returnTo, accessLevel, hasPreviousPage: true })).toEqual({ kind: 'returnTo', path: returnTo });
    expect(leaveTarget({ returnTo, accessLevel, hasPreviousPage: false })).toEqual({
      kind: 'returnTo',
      path: returnTo,
    });
  });

  it('goes back one step for a manufacturer user without returnTo', () => {
    expect(leaveTarget({ returnTo: null, accessLevel: 'manufacturer', hasPreviousPage: true })).toEqual({
      kind: 'previousPage',
    });
  });

  it('sends a manufacturer user who opened the page directly to the area home rather than out of the app', () => {
    expect(leaveTarget({ returnTo: null, accessLevel: 'manufacturer', hasPreviousPage: false })).toEqual({
      kind: 'areaHome',
    });
  });

  it('goes to the manufacturers list for a superuser without returnTo', () => {
    expect(leaveTarget({ returnTo: null, accessLevel: 'superuser', hasPreviousPage: true })).toEqual({
      kind: 'manufacturersList',
    });
    expect(leaveTarget({ returnTo: '', accessLevel: 'superuser', hasPreviousPage: false })).toEqual({
      kind: 'manufacturersList',
    });
  });

  it('treats a returnTo that leaves the app as absent', () => {
    expect(leaveTarget({ returnTo: 'https://evil.example', accessLevel: 'superuser', hasPreviousPage: true })).toEqual({
      kind: 'manufacturersList',
    });
    expect(leaveTarget({ returnTo: '//evil.example', accessLevel: 'manufacturer', hasPreviousPage: true })).toEqual({
      kind: 'previousPage',
    });
  });
});

describe('safeReturnTo', () => {
  it.each(['/Home/Manufacturers', '/Home/Manufacturers?page=3', '/Manufacturers'])('keeps the app path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    '',
    'Home/Manufacturers',
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('ignores %p', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
