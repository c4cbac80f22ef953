import { Route, Routes } from 'react-router-dom';
import { PageHeader } from 'shared-kit';
import { ProductsPage } from './features/products/ProductsPage';

export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="MyProducts" element={<ProductsPage />} />
      <Route path="CreateProduct" element={<PageHeader title="Create Product" />} />
      <Route path="UpdateProduct/:productID" element={<PageHeader title="Update Product" />} />
      <Route path="ProductBuilds/:productID" element={<PageHeader title="Product Builds" />} />
      <Route path="BuildDetails/:productID/:buildID" element={<PageHeader title="Build Files for Build" />} />
      <Route path="ProductReleases/:productID" element={<PageHeader title="Product Releases" />} />
      <Route path="CreateRelease/:productID/:buildIDs?" element={<PageHeader title="Create Release" />} />
      <Route path="UpdateRelease/:productID/:releaseID" element={<PageHeader title="Update Release" />} />
    </Routes>
  );
}
