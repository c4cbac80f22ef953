import type { ComponentType } from 'react';

/** What every remote exposes as `./routes`: a component rendering its `<Routes>` relative to /Home. */
export interface RemoteRoutesModule {
  default: ComponentType;
}

export { REMOTE_NAMES, type RemoteName } from './remotes';

/**
 * The licence table that mfe-licensing exposes as `./license-table` (default export) for other remotes:
 * a product's licences, or one end user's (then with Product Series, Product Identifier and Product Name).
 */
export interface LicenseTableProps {
  source: { productId: number } | { userId: number };
}
export interface LicenseTableModule {
  default: ComponentType<LicenseTableProps>;
}
