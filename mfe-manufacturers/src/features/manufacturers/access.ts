import type { AuthSession } from 'shared-kit';

// docs/console.md, Roles and access. Without a session (the area embedded by an integrator who did not pass one) the server decides.

/** Only a superuser may use the manufacturers list. */
export const mayListManufacturers = (session: AuthSession | null): boolean =>
  !session || session.access_level === 'superuser';

/** A superuser opens any manufacturer; a manufacturer user only their own (the id must match). */
export function mayOpenManufacturer(session: AuthSession | null, id: number): boolean {
  if (!session || session.access_level === 'superuser') return true;
  return session.manufacturer?.id === id;
}
