import type { AuthSession } from 'shared-kit';

/**
 * A manufacturer's own staff manage its API keys (docs/selling.md): not the superuser, whose work is the
 * manufacturers, not their data. Without a session (an integrator's mount) the server decides.
 */
export const mayManageKeys = (session: AuthSession | null, manufacturerId: number): boolean =>
  !session || (session.access_level === 'manufacturer' && session.manufacturer?.id === manufacturerId);
