import { Route, Routes } from 'react-router';
import { lazyPage } from 'shared-kit';
import { ManufacturersListPage } from './features/manufacturers/pages/ManufacturersListPage';

// The list comes with the routes; every other page is fetched when first visited.
const CreateManufacturerPage = lazyPage(() =>
  import('./features/manufacturers/pages/CreateManufacturerPage').then((page) => page.CreateManufacturerPage),
);
const ManufacturerDetailsPage = lazyPage(() =>
  import('./features/manufacturers/pages/ManufacturerDetailsPage').then((page) => page.ManufacturerDetailsPage),
);
const MyDetailsPage = lazyPage(() =>
  import('./features/manufacturers/pages/MyDetailsPage').then((page) => page.MyDetailsPage),
);
const WebhooksSection = lazyPage(() =>
  import('./features/webhooks/components/WebhooksSection').then((section) => section.WebhooksSection),
);
const WebhookDeliveriesPage = lazyPage(() =>
  import('./features/webhooks/pages/WebhookDeliveriesPage').then((page) => page.WebhookDeliveriesPage),
);
const MailSettingsSection = lazyPage(() =>
  import('./features/emails/components/MailSettingsSection').then((section) => section.MailSettingsSection),
);
const PortalSection = lazyPage(() =>
  import('./features/portal/components/PortalSection').then((section) => section.PortalSection),
);
const EmailsPage = lazyPage(() => import('./features/emails/pages/EmailsPage').then((page) => page.EmailsPage));
const EmailPage = lazyPage(() => import('./features/emails/pages/EmailPage').then((page) => page.EmailPage));

// The sections other features add below a manufacturer's details (a feature never imports another feature).
const manufacturerSections = (manufacturerId: number) => (
  <>
    <MailSettingsSection manufacturerId={manufacturerId} />
    <PortalSection manufacturerId={manufacturerId} />
    <WebhooksSection manufacturerId={manufacturerId} />
  </>
);

/** The manufacturers area, relative to /Home (docs/console.md, Manufacturers). */
export default function ManufacturersRoutes() {
  return (
    <Routes>
      <Route path="Manufacturers" element={<ManufacturersListPage />} />
      <Route
        path="Manufacturers/:manufacturerID"
        element={<ManufacturerDetailsPage sections={manufacturerSections} />}
      />
      <Route path="Manufacturers/:manufacturerID/Webhooks/:endpointID" element={<WebhookDeliveriesPage />} />
      <Route path="Manufacturers/:manufacturerID/Emails" element={<EmailsPage />} />
      <Route path="Manufacturers/:manufacturerID/Emails/:emailID" element={<EmailPage />} />
      <Route path="CreateManufacturer" element={<CreateManufacturerPage />} />
      <Route path="MyDetails" element={<MyDetailsPage />} />
    </Routes>
  );
}
