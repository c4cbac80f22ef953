import { Route, Routes } from 'react-router-dom';
import { PageHeader } from 'shared-kit';

// Placeholder pages: each screen of this area arrives with its area's issue.
export default function ManufacturersRoutes() {
  return (
    <Routes>
      <Route path="Manufacturers" element={<PageHeader title="Manufacturers" />} />
      <Route path="Manufacturers/:manufacturerID" element={<PageHeader title="Manufacturer Details" />} />
      <Route path="CreateManufacturer" element={<PageHeader title="Create Manufacturer" />} />
      <Route path="MyDetails" element={<PageHeader title="My Details" />} />
    </Routes>
  );
}
