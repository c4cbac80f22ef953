import type { AccessLevel, RemoteName } from 'shared-kit';

export interface RemoteArea {
  remote: RemoteName;
  /** The first path segments under /Home that this remote renders. */
  segments: string[];
  /** Who may open the area in the console (the server enforces its own rules on every call). */
  roles: AccessLevel[];
  title: string;
}

export const REMOTE_AREAS: RemoteArea[] = [
  {
    remote: 'catalog',
    title: 'Products',
    segments: ['MyProducts', 'CreateProduct', 'UpdateProduct', 'ProductBuilds', 'BuildDetails', 'ProductReleases', 'CreateRelease', 'UpdateRelease'],
    roles: ['manufacturer'],
  },
  { remote: 'licensing', title: 'Licenses', segments: ['ProductLicenses', 'ProductTrials'], roles: ['manufacturer'] },
  { remote: 'users', title: 'Users', segments: ['Users', 'CreateUser', 'EditUser', 'UserDetails', 'CreateUserLicense'], roles: ['manufacturer'] },
  { remote: 'manufacturers', title: 'Manufacturers', segments: ['Manufacturers', 'CreateManufacturer', 'MyDetails'], roles: ['superuser', 'manufacturer'] },
];

export function areaOfPath(pathAfterHome: string): RemoteArea | undefined {
  const segment = pathAfterHome.split('/')[0];
  return REMOTE_AREAS.find((area) => area.segments.includes(segment));
}
