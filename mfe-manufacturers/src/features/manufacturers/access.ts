import type { AuthSession } from 'shared-kit';

// SPEC §6. Without a session (the area embedded by an integrator who did not pass one) the server decides.

/** Only a superuser may use the manufacturers list. */
export const mayListManufacturers = (session: AuthSession | null): boolean => !session || session.access_level === 'superuser';

/** A superuser opens any manufacturer; a manufacturer user only their own (the id must match). */
export function mayOpenManufacturer(session: AuthSession | null, id: number): boolean {
  if (!session || session.access_level === 'superuser') return true;
  return session.manufacturer?.id === id;
}

const MAX_ID = 2_147_483_647;

/** The manufacturer id of an address, or null when it cannot be one (`abc`, `0`, `1.5`, too large). */
export function parseManufacturerId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= MAX_ID ? id : null;
}
