import type { StoreName } from 'shared-kit';
import { resourceKey } from 'shared-kit/data';

// Kept with the feature rather than in shared-kit/data's keys.ts: that module is shared with the shell at run time,
// so a key factory added there would reach a remote only with a rebuilt shell.
/** A manufacturer's settings of one store, Stripe or Paddle (docs/selling.md, "In the console: Stores"). */
export const storeKeys = {
  settings: (manufacturerId: number, store: StoreName) => resourceKey('manufacturers', manufacturerId, 'stores', store),
  secret: (manufacturerId: number, store: StoreName) =>
    resourceKey('manufacturers', manufacturerId, 'stores', store, 'secret'),
  mappings: (manufacturerId: number, store: StoreName) =>
    resourceKey('manufacturers', manufacturerId, 'stores', store, 'mappings'),
  mapping: (manufacturerId: number, store: StoreName, mappingId: number) =>
    resourceKey('manufacturers', manufacturerId, 'stores', store, 'mappings', mappingId),
};
