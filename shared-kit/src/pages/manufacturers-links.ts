import type { manufacturersRoutes } from './manufacturers-routes';
import type { PageLinks } from './page-table';

/** The links into the manufacturers remote's pages (manufacturers-routes.ts), from what each page is about. */
export const manufacturersLinks = {
  manufacturers: () => '../Manufacturers',
  manufacturerDetails: (manufacturerId: number) => `../Manufacturers/${manufacturerId}`,
  webhookDeliveries: (manufacturerId: number, endpointId: number) =>
    `../Manufacturers/${manufacturerId}/Webhooks/${endpointId}`,
  emails: (manufacturerId: number) => `../Manufacturers/${manufacturerId}/Emails`,
  email: (manufacturerId: number, emailId: number) => `../Manufacturers/${manufacturerId}/Emails/${emailId}`,
  apiKeys: (manufacturerId: number) => `../Manufacturers/${manufacturerId}/ApiKeys`,
  createManufacturer: () => '../CreateManufacturer',
  myDetails: () => '../MyDetails',
} satisfies PageLinks<(typeof manufacturersRoutes)['pages']>;
