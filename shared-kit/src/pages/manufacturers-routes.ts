import { linksOf, remoteRoutes } from './page-table';

/** The manufacturers remote's routes (mfe-manufacturers): manufacturers, their emails, webhooks and API keys, My Details. */
export const manufacturersRoutes = remoteRoutes({
  remote: 'manufacturers',
  pages: {
    manufacturers: { path: 'Manufacturers', at: () => 'Manufacturers' },
    manufacturerDetails: {
      path: 'Manufacturers/:manufacturerID',
      at: (manufacturerId: number) => `Manufacturers/${manufacturerId}`,
    },
    webhookDeliveries: {
      path: 'Manufacturers/:manufacturerID/Webhooks/:endpointID',
      at: (manufacturerId: number, endpointId: number) => `Manufacturers/${manufacturerId}/Webhooks/${endpointId}`,
    },
    emails: {
      path: 'Manufacturers/:manufacturerID/Emails',
      at: (manufacturerId: number) => `Manufacturers/${manufacturerId}/Emails`,
    },
    email: {
      path: 'Manufacturers/:manufacturerID/Emails/:emailID',
      at: (manufacturerId: number, emailId: number) => `Manufacturers/${manufacturerId}/Emails/${emailId}`,
    },
    apiKeys: {
      path: 'Manufacturers/:manufacturerID/ApiKeys',
      at: (manufacturerId: number) => `Manufacturers/${manufacturerId}/ApiKeys`,
    },
    createManufacturer: { path: 'CreateManufacturer', at: () => 'CreateManufacturer' },
    myDetails: { path: 'MyDetails', at: () => 'MyDetails' },
  },
});

export const manufacturersLinks = linksOf(manufacturersRoutes);
