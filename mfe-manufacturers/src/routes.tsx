import { Route, Routes } from 'react-router';
import { lazyPage } from 'shared-kit';
import { ManufacturersListPage } from './features/manufacturers/pages/ManufacturersListPage';

// The list comes with the routes; every other page is fetched when first visited.
const CreateManufacturerPage = lazyPage(() => import('./features/manufacturers/pages/CreateManufacturerPage').then((page) => page.CreateManufacturerPage));
const ManufacturerDetailsPage = lazyPage(() => import('./features/manufacturers/pages/ManufacturerDetailsPage').then((page) => page.ManufacturerDetailsPage));
const MyDetailsPage = lazyPage(() => import('./features/manufacturers/pages/MyDetailsPage').then((page) => page.MyDetailsPage));

/** The manufacturers area, relative to /Home (SPEC §2 Manufacturers). */
export default function ManufacturersRoutes() {
  return (
    <Routes>
      <Route path="Manufacturers" element={<ManufacturersListPage />} />
      <Route path="Manufacturers/:manufacturerID" element={<ManufacturerDetailsPage />} />
      <Route path="CreateManufacturer" element={<CreateManufacturerPage />} />
      <Route path="MyDetails" element={<MyDetailsPage />} />
    </Routes>
  );
}
