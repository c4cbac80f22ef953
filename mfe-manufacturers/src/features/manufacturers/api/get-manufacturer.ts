import { useApiResource, type Manufacturer } from 'shared-kit';

export const manufacturerPath = (id: number) => `/manufacturers/${id}`;

/** GET /manufacturers/{id}: any manufacturer for a superuser, their own for a manufacturer user. */
export function useManufacturer(id: number): ReturnType<typeof useApiResource<Manufacturer>> {
  return useApiResource<Manufacturer>(manufacturerPath(id));
}
