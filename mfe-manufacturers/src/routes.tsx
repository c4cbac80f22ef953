import { Route, Routes } from 'react-router';
import { CreateManufacturerPage } from './features/manufacturers/pages/CreateManufacturerPage';
import { ManufacturerDetailsPage } from './features/manufacturers/pages/ManufacturerDetailsPage';
import { ManufacturersListPage } from './features/manufacturers/pages/ManufacturersListPage';
import { MyDetailsPage } from './features/manufacturers/pages/MyDetailsPage';
import { WebhooksSection } from './features/webhooks/components/WebhooksSection';
import { WebhookDeliveriesPage } from './features/webhooks/pages/WebhookDeliveriesPage';

// The sections other features add below a manufacturer's details (a feature never imports another feature).
const manufacturerSections = (manufacturerId: number) => <WebhooksSection manufacturerId={manufacturerId} />;

/** The manufacturers area, relative to /Home (SPEC §2 Manufacturers). */
export default function ManufacturersRoutes() {
  return (
    <Routes>
      <Route path="Manufacturers" element={<ManufacturersListPage />} />
      <Route path="Manufacturers/:manufacturerID" element={<ManufacturerDetailsPage sections={manufacturerSections} />} />
      <Route path="Manufacturers/:manufacturerID/Webhooks/:endpointID" element={<WebhookDeliveriesPage />} />
      <Route path="CreateManufacturer" element={<CreateManufacturerPage />} />
      <Route path="MyDetails" element={<MyDetailsPage />} />
    </Routes>
  );
}
