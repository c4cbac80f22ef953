// The manufacturers remote's manifest: its routes (shared-kit/pages, manufacturersRoutes) bound to their components.
// Exposed as ./routes and ./mount (tools/webpack/create-app-config.js).
import { createElement, Fragment } from 'react';
import { defineRemote, lazyPage } from 'shared-kit';
import { manufacturersRoutes } from 'shared-kit/pages';
import { ManufacturersListPage } from './features/manufacturers/pages/ManufacturersListPage';

const ManufacturerDetailsPage = lazyPage(() =>
  import('./features/manufacturers/pages/ManufacturerDetailsPage').then((page) => page.ManufacturerDetailsPage),
);
const WebhooksSection = lazyPage(() =>
  import('./features/webhooks/components/WebhooksSection').then((section) => section.WebhooksSection),
);
const MailSettingsSection = lazyPage(() =>
  import('./features/emails/components/MailSettingsSection').then((section) => section.MailSettingsSection),
);
const BuyerMailsSection = lazyPage(() =>
  import('./features/emails/components/BuyerMailsSection').then((section) => section.BuyerMailsSection),
);
const ApiKeysSection = lazyPage(() =>
  import('./features/api-keys/components/ApiKeysSection').then((section) => section.ApiKeysSection),
);
const OrdersSection = lazyPage(() =>
  import('./features/orders/components/OrdersSection').then((section) => section.OrdersSection),
);
const PortalSection = lazyPage(() =>
  import('./features/portal/components/PortalSection').then((section) => section.PortalSection),
);
const SsoSection = lazyPage(() => import('./features/sso/components/SsoSection').then((section) => section.SsoSection));

const StaffSection = lazyPage(() =>
  import('./features/staff/components/StaffSection').then((section) => section.StaffSection),
);
const StoresSection = lazyPage(() =>
  import('./features/stores/components/StoresSection').then((section) => section.StoresSection),
);

// The sections other features add below a manufacturer's details (a feature never imports another feature).
const manufacturerSections = (manufacturerId: number) =>
  createElement(
    Fragment,
    null,
    createElement(MailSettingsSection, { manufacturerId }),
    createElement(BuyerMailsSection, { manufacturerId }),
    createElement(PortalSection, { manufacturerId }),
    createElement(WebhooksSection, { manufacturerId }),
    createElement(ApiKeysSection, { manufacturerId }),
    createElement(OrdersSection, { manufacturerId }),
    createElement(StoresSection, { manufacturerId }),
    createElement(SsoSection, { manufacturerId }),
    createElement(StaffSection, { manufacturerId }),
  );

// The list comes with the manifest; every other page is fetched when first visited.
export const remote = defineRemote(manufacturersRoutes, {
  manufacturers: ManufacturersListPage,
  manufacturerDetails: () => createElement(ManufacturerDetailsPage, { sections: manufacturerSections }),
  webhookDeliveries: lazyPage(() =>
    import('./features/webhooks/pages/WebhookDeliveriesPage').then((page) => page.WebhookDeliveriesPage),
  ),
  emails: lazyPage(() => import('./features/emails/pages/EmailsPage').then((page) => page.EmailsPage)),
  email: lazyPage(() => import('./features/emails/pages/EmailPage').then((page) => page.EmailPage)),
  apiKeys: lazyPage(() => import('./features/api-keys/pages/ApiKeysPage').then((page) => page.ApiKeysPage)),
  createManufacturer: lazyPage(() =>
    import('./features/manufacturers/pages/CreateManufacturerPage').then((page) => page.CreateManufacturerPage),
  ),
  myDetails: lazyPage(() => import('./features/manufacturers/pages/MyDetailsPage').then((page) => page.MyDetailsPage)),
});

export default remote.Routes;
export const { mount } = remote;
