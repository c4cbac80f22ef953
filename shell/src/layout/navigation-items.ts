import type { AccessLevel } from 'shared-kit';

export interface NavigationItem {
  label: string;
  to: string;
}

/** SPEC §2 and §6: a superuser sees Dashboard and Manufacturers; any other level is a manufacturer user. */
export function navigationItems(accessLevel: AccessLevel): NavigationItem[] {
  if (accessLevel === 'superuser') {
    return [
      { label: 'Dashboard', to: '/Home/Dashboard' },
      { label: 'Manufacturers', to: '/Home/Manufacturers' },
    ];
  }
  return [
    { label: 'Dashboard', to: '/Home/Dashboard' },
    { label: 'My Products', to: '/Home/MyProducts' },
    { label: 'Users', to: '/Home/Users' },
  ];
}
