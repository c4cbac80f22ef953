import type { AuthSession } from 'shared-kit';

/**
 * Mapping a price means choosing one of the manufacturer's products, which only its own staff can list; the
 * superuser sees the stores' settings and events (support) and may set a secret or remove a mapping, as the API
 * allows. Without a session (an integrator's mount) the server decides.
 */
export const mayMapPrices = (session: AuthSession | null, manufacturerId: number): boolean =>
  !session || (session.access_level === 'manufacturer' && session.manufacturer?.id === manufacturerId);
