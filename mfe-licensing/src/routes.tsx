import { Route, Routes } from 'react-router';
import { lazyPage } from 'shared-kit';
import { ProductLicensesPage } from './features/licenses/pages/ProductLicensesPage';

// The licences page comes with the routes; the trials page is fetched when first visited.
const ProductTrialsPage = lazyPage(() =>
  import('./features/trials/pages/ProductTrialsPage').then((page) => page.ProductTrialsPage),
);

/** The licensing area's pages, relative to /Home. */
export default function LicensingRoutes() {
  return (
    <Routes>
      <Route path="ProductLicenses/:productID/:productName/:productIdentifier" element={<ProductLicensesPage />} />
      <Route path="ProductTrials/:productID/:productName" element={<ProductTrialsPage />} />
    </Routes>
  );
}
