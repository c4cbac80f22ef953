import { useApiResource, type PortalDescriptor, type ResourceResult } from 'shared-kit';

/** GET /portal/{slug} (public): the manufacturer's name, logo and colour, and whether its portal is on. */
export const portalDescriptorKey = (slug: string) => [`/portal/${encodeURIComponent(slug)}`] as const;

export const usePortalDescriptor = (slug: string): ResourceResult<PortalDescriptor> =>
  useApiResource<PortalDescriptor>(portalDescriptorKey(slug));
