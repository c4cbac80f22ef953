import type { AccessLevel } from 'shared-kit';

export interface NavigationItem {
  label: string;
  to: string;
  /** The first path segments under /Home whose pages belong to this section (its sub-pages included). */
  sections: string[];
}

const PRODUCT_PAGES = [
  'MyProducts',
  'CreateProduct',
  'UpdateProduct',
  'ProductBuilds',
  'BuildDetails',
  'ProductReleases',
  'CreateRelease',
  'UpdateRelease',
  'ProductLicenses',
  'ProductTrials',
];
const USER_PAGES = ['Users', 'CreateUser', 'EditUser', 'UserDetails', 'CreateUserLicense'];

/** docs/console.md, Layout and navigation: a superuser sees Dashboard and Manufacturers; any other level is a manufacturer user. */
export function navigationItems(accessLevel: AccessLevel): NavigationItem[] {
  if (accessLevel === 'superuser') {
    return [
      { label: 'Dashboard', to: '/Home/Dashboard', sections: ['Dashboard'] },
      { label: 'Manufacturers', to: '/Home/Manufacturers', sections: ['Manufacturers', 'CreateManufacturer'] },
    ];
  }
  return [
    { label: 'Dashboard', to: '/Home/Dashboard', sections: ['Dashboard'] },
    { label: 'My Products', to: '/Home/MyProducts', sections: PRODUCT_PAGES },
    { label: 'Users', to: '/Home/Users', sections: USER_PAGES },
  ];
}

/** The item whose section holds `pathname` (e.g. /Home/UserDetails/7 → Users), if any. */
export function activeItem(items: NavigationItem[], pathname: string): NavigationItem | undefined {
  const segment = /^\/Home\/([^/]+)/.exec(pathname)?.[1];
  return segment === undefined ? undefined : items.find((item) => item.sections.includes(segment));
}
