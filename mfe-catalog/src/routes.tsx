import { Route, Routes } from 'react-router';
import { BuildDetailsPage } from './features/builds/pages/BuildDetailsPage';
import { ProductBuildsPage } from './features/builds/pages/ProductBuildsPage';
import { CreateProductPage, UpdateProductPage } from './features/products/pages/ProductFormPages';
import { ProductsPage } from './features/products/pages/ProductsPage';
import { ProductReleasesPage } from './features/releases/pages/ProductReleasesPage';
import { CreateReleasePage, UpdateReleasePage } from './features/releases/pages/ReleaseFormPages';

/** The catalog's pages, relative to /Home (the shell) or to the page that mounts the remote. */
export default function CatalogRoutes() {
  return (
    <Routes>
      <Route path="MyProducts" element={<ProductsPage />} />
      <Route path="CreateProduct" element={<CreateProductPage />} />
      <Route path="UpdateProduct/:productID" element={<UpdateProductPage />} />
      <Route path="ProductBuilds/:productID" element={<ProductBuildsPage />} />
      <Route path="BuildDetails/:productID/:buildID" element={<BuildDetailsPage />} />
      <Route path="ProductReleases/:productID" element={<ProductReleasesPage />} />
      <Route path="CreateRelease/:productID/:buildIDs?" element={<CreateReleasePage />} />
      <Route path="UpdateRelease/:productID/:releaseID" element={<UpdateReleasePage />} />
    </Routes>
  );
}
