import { Route, Routes } from 'react-router-dom';
import { PageHeader } from 'shared-kit';

// Placeholder pages: each screen of this area arrives with its area's issue.
export default function LicensingRoutes() {
  return (
    <Routes>
      <Route path="ProductLicenses/:productID/:productName/:productIdentifier" element={<PageHeader title="Licenses" />} />
      <Route path="ProductTrials/:productID/:productName" element={<PageHeader title="Trials" />} />
    </Routes>
  );
}
