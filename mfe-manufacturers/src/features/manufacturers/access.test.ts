import type { AuthSession } from 'shared-kit';
import { mayListManufacturers, mayOpenManufacturer } from './access';

const superuser: AuthSession = { token: 't', access_level: 'superuser', manufacturer: null };
const aurora: AuthSession = { token: 't', access_level: 'manufacturer', manufacturer: { id: 7, name: 'Aurora Audio' } };

describe('access rules (docs/console.md, Roles and access)', () => {
  it('lets only a superuser use the manufacturers list', () => {
    expect(mayListManufacturers(superuser)).toBe(true);
    expect(mayListManufacturers(aurora)).toBe(false);
  });

  it('lets a superuser open any manufacturer and a manufacturer user only their own', () => {
    expect(mayOpenManufacturer(superuser, 7)).toBe(true);
    expect(mayOpenManufacturer(superuser, 8)).toBe(true);
    expect(mayOpenManufacturer(aurora, 7)).toBe(true);
    expect(mayOpenManufacturer(aurora, 8)).toBe(false);
    expect(mayOpenManufacturer({ ...aurora, manufacturer: null }, 7)).toBe(false);
  });

  it('leaves the decision to the server when the embedding page gave no session', () => {
    expect(mayListManufacturers(null)).toBe(true);
    expect(mayOpenManufacturer(null, 7)).toBe(true);
  });
});
