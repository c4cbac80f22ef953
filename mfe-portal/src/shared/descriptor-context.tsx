import { createContext, useContext } from 'react';
import type { PortalDescriptor } from 'shared-kit';

/** The portal's descriptor, given by the frame to every page it shows (they render only once it is known). */
export const PortalDescriptorContext = createContext<PortalDescriptor | null>(null);

export function usePortalDescriptorValue(): PortalDescriptor {
  const descriptor = useContext(PortalDescriptorContext);
  if (!descriptor) throw new Error('Portal pages render inside the PortalFrame');
  return descriptor;
}
