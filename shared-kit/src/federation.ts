import type { ComponentType } from 'react';

/** What every remote exposes as `./routes`: a component rendering its `<Routes>` relative to /Home. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

/** The federation names of the four remotes. */
export const REMOTE_NAMES = ['catalog', 'licensing', 'users', 'manufacturers'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
