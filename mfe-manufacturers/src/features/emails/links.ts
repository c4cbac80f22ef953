import { manufacturersLinks } from 'shared-kit/pages';

/** Where the email pages lead (the remote's page table in shared-kit/pages). */
export const emailLinks = {
  log: manufacturersLinks.emails,
  email: manufacturersLinks.email,
  manufacturer: manufacturersLinks.manufacturerDetails,
};
