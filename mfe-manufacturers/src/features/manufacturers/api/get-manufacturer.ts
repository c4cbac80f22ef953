import { useApiResource, type Manufacturer, type ResourceResult } from 'shared-kit';
import { manufacturerKeys } from 'shared-kit/data';

/** GET /manufacturers/{id}: any manufacturer for a superuser, their own for a manufacturer user. */
export const useManufacturer = (id: number): ResourceResult<Manufacturer> =>
  useApiResource<Manufacturer>(manufacturerKeys.detail(id));
