import { remoteRoutes } from './page-table';

/** The manufacturers remote's routes (mfe-manufacturers): manufacturers, their emails and webhooks, My Details. */
export const manufacturersRoutes = remoteRoutes({
  remote: 'manufacturers',
  pages: {
    manufacturers: { path: 'Manufacturers' },
    manufacturerDetails: { path: 'Manufacturers/:manufacturerID' },
    webhookDeliveries: { path: 'Manufacturers/:manufacturerID/Webhooks/:endpointID' },
    emails: { path: 'Manufacturers/:manufacturerID/Emails' },
    email: { path: 'Manufacturers/:manufacturerID/Emails/:emailID' },
    apiKeys: { path: 'Manufacturers/:manufacturerID/ApiKeys' },
    createManufacturer: { path: 'CreateManufacturer' },
    myDetails: { path: 'MyDetails' },
  },
});
