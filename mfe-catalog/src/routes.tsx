import { Route, Routes } from 'react-router';
import { lazyPage } from 'shared-kit';
import { ProductsPage } from './features/products/pages/ProductsPage';

// The first screen (MyProducts) comes with the routes; every other page is fetched when first visited.
const BuildDetailsPage = lazyPage(() =>
  import('./features/builds/pages/BuildDetailsPage').then((page) => page.BuildDetailsPage),
);
const ProductBuildsPage = lazyPage(() =>
  import('./features/builds/pages/ProductBuildsPage').then((page) => page.ProductBuildsPage),
);
const CreateProductPage = lazyPage(() =>
  import('./features/products/pages/ProductFormPages').then((page) => page.CreateProductPage),
);
const UpdateProductPage = lazyPage(() =>
  import('./features/products/pages/ProductFormPages').then((page) => page.UpdateProductPage),
);
const ProductReleasesPage = lazyPage(() =>
  import('./features/releases/pages/ProductReleasesPage').then((page) => page.ProductReleasesPage),
);
const CreateReleasePage = lazyPage(() =>
  import('./features/releases/pages/ReleaseFormPages').then((page) => page.CreateReleasePage),
);
const UpdateReleasePage = lazyPage(() =>
  import('./features/releases/pages/ReleaseFormPages').then((page) => page.UpdateReleasePage),
);

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
