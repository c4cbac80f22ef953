import { Route, Routes } from 'react-router';
import { CreateManufacturerPage } from './features/manufacturers/components/CreateManufacturerPage';
import { ManufacturerDetailsPage } from './features/manufacturers/components/ManufacturerDetailsPage';
import { ManufacturersListPage } from './features/manufacturers/components/ManufacturersListPage';
import { MyDetailsPage } from './features/manufacturers/components/MyDetailsPage';

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
