import { routeGroup } from '../../lib/route-dependencies';
import { editionRoutes } from './editions';
import { featureRoutes } from './features';
import { licenseTermsRoutes } from './license-terms';
import { policyRoutes } from './policies';

/** Licence policies: a product's features, editions and policies, and a licence's terms (docs/licensing.md). */
export const policiesRoutes = routeGroup(featureRoutes, editionRoutes, policyRoutes, licenseTermsRoutes);
