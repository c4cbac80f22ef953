import { Route, Routes } from 'react-router-dom';
import { PageHeader } from 'shared-kit';
import { BuildDetailsPage } from './features/builds/BuildDetailsPage';
import { ProductBuildsPage } from './features/builds/ProductBuildsPage';
import { CreateProductPage, UpdateProductPage } from './features/products/ProductFormPages';
import { ProductsPage } from './features/products/ProductsPage';

export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="MyProducts" element={<ProductsPage />} />
      <Route path="CreateProduct" element={<CreateProductPage />} />
      <Route path="UpdateProduct/:productID" element={<UpdateProductPage />} />
      <Route path="ProductBuilds/:productID" element={<ProductBuildsPage />} />
      <Route path="BuildDetails/:productID/:buildID" element={<BuildDetailsPage />} />
      <Route path="ProductReleases/:productID" element={<PageHeader title="Product Releases" />} />
      <Route path="CreateRelease/:productID/:buildIDs?" element={<PageHeader title="Create Release" />} />
      <Route path="UpdateRelease/:productID/:releaseID" element={<PageHeader title="Update Release" />} />
    </Routes>
  );
}
