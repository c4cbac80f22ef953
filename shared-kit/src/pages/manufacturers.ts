import { pageTable, linksOf } from './page-table';

// The manufacturer pages decide themselves who may see which manufacturer ('Access denied. Superuser privileges
// required.', docs/console.md), so the console lets both levels open them.
const staff = ['superuser', 'manufacturer'] as const;

/** The manufacturers remote's pages (mfe-manufacturers): manufacturers, their emails and webhooks, My Details. */
export const manufacturersPages = pageTable({
  remote: 'manufacturers',
  title: 'Manufacturers',
  section: 'Manufacturers',
  pages: {
    manufacturers: {
      path: 'Manufacturers',
      access: staff,
      at: () => 'Manufacturers',
      nav: { label: 'Manufacturers', audience: 'superuser' },
    },
    manufacturerDetails: {
      path: 'Manufacturers/:manufacturerID',
      access: staff,
      at: (manufacturerId: number) => `Manufacturers/${manufacturerId}`,
    },
    webhookDeliveries: {
      path: 'Manufacturers/:manufacturerID/Webhooks/:endpointID',
      access: staff,
      at: (manufacturerId: number, endpointId: number) => `Manufacturers/${manufacturerId}/Webhooks/${endpointId}`,
    },
    emails: {
      path: 'Manufacturers/:manufacturerID/Emails',
      access: staff,
      at: (manufacturerId: number) => `Manufacturers/${manufacturerId}/Emails`,
    },
    email: {
      path: 'Manufacturers/:manufacturerID/Emails/:emailID',
      access: staff,
      at: (manufacturerId: number, emailId: number) => `Manufacturers/${manufacturerId}/Emails/${emailId}`,
    },
    createManufacturer: {
      path: 'CreateManufacturer',
      access: staff,
      at: () => 'CreateManufacturer',
    },
    // Reached from the profile menu, not the main menu.
    myDetails: {
      path: 'MyDetails',
      access: staff,
      at: () => 'MyDetails',
      section: null,
    },
  },
});

export const manufacturersLinks = linksOf(manufacturersPages);
