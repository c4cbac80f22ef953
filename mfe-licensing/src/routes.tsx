import { Route, Routes } from 'react-router';
import { ProductLicensesPage } from './features/licenses/pages/ProductLicensesPage';
import { ProductTrialsPage } from './features/trials/pages/ProductTrialsPage';

/** The licensing area's pages, relative to /Home. */
export default function LicensingRoutes() {
  return (
    <Routes>
      <Route path="ProductLicenses/:productID/:productName/:productIdentifier" element={<ProductLicensesPage />} />
      <Route path="ProductTrials/:productID/:productName" element={<ProductTrialsPage />} />
    </Routes>
  );
}
