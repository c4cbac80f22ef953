import { manufacturersLinks } from 'shared-kit/pages';

/** Where the API key pages lead (the remote's page table in shared-kit/pages). */
export const apiKeyLinks = {
  keys: manufacturersLinks.apiKeys,
  manufacturer: manufacturersLinks.manufacturerDetails,
};
