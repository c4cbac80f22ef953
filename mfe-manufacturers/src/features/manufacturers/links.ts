import { manufacturersLinks } from 'shared-kit/pages';

/** Where the manufacturer pages lead (the remote's page table in shared-kit/pages). */
export const manufacturerLinks = {
  list: manufacturersLinks.manufacturers(),
  details: manufacturersLinks.manufacturerDetails,
};
