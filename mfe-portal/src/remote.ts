// The customer portal's manifest. Exposed as ./mount only (tools/webpack/create-app-config.js): no shell loads it,
// so it has no page table in shared-kit/pages; its pages are its own routes (src/routes.tsx) under its base path.
import type { CustomerRemoteName } from 'shared-kit/remotes';

export const name: CustomerRemoteName = 'portal';
export { mount, type PortalMountOptions, type Unmount } from './mount';
