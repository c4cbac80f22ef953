import { Route, Routes } from 'react-router';
import { CreateManufacturerPage } from './features/manufacturers/pages/CreateManufacturerPage';
import { ManufacturerDetailsPage } from './features/manufacturers/pages/ManufacturerDetailsPage';
import { ManufacturersListPage } from './features/manufacturers/pages/ManufacturersListPage';
import { MyDetailsPage } from './features/manufacturers/pages/MyDetailsPage';

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
