import { manufacturersLinks } from 'shared-kit/pages';

/** Where the webhook pages lead (the remote's page table in shared-kit/pages). */
export const webhookLinks = {
  deliveries: manufacturersLinks.webhookDeliveries,
  manufacturer: manufacturersLinks.manufacturerDetails,
};
