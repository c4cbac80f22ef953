import type { Query } from 'shared-kit';
import { ANY_ID, listKey, resourceKey, scope } from './api-key';

// One key factory per resource (Supabase Studio's keys.ts): a fetcher takes its key from here, and a mutation
// names what it invalidates from here, never by matching key strings. `lists` is every page and search of a
// list; `details` every object of the kind; `all` both; `collection` the path a new object is posted to.

export const productKeys = {
  /** Where a new product is posted. */
  collection: () => resourceKey('products'),
  list: (query: Query) => listKey(['products'], query),
  detail: (productId: number) => resourceKey('products', productId),
  lists: () => scope('products'),
  details: () => scope('products', ANY_ID),
  all: () => [productKeys.lists(), productKeys.details()],
};

export const buildKeys = {
  list: (productId: number, query: Query) => listKey(['products', productId, 'builds'], query),
  detail: (productId: number, buildId: number) => resourceKey('products', productId, 'builds', buildId),
  files: (productId: number, buildId: number) =>
    resourceKey('clients', 'app', 'products', productId, 'builds', buildId, 'files'),
  lists: (productId: number | typeof ANY_ID = ANY_ID) => scope('products', productId, 'builds'),
};

export const releaseKeys = {
  collection: (productId: number) => resourceKey('products', productId, 'releases'),
  list: (productId: number, query: Query) => listKey(['products', productId, 'releases'], query),
  detail: (productId: number, releaseId: number) => resourceKey('products', productId, 'releases', releaseId),
  lists: (productId: number | typeof ANY_ID = ANY_ID) => scope('products', productId, 'releases'),
  details: (productId: number | typeof ANY_ID = ANY_ID) => scope('products', productId, 'releases', ANY_ID),
  /** A product's release lists and each of its releases. */
  allOf: (productId: number) => [releaseKeys.lists(productId), releaseKeys.details(productId)],
};

export const channelKeys = {
  list: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'channels'),
  releases: (manufacturerId: number, channelId: number) =>
    resourceKey('manufacturers', manufacturerId, 'channels', channelId, 'releases'),
  release: (manufacturerId: number, channelId: number, releaseId: number) =>
    resourceKey('manufacturers', manufacturerId, 'channels', channelId, 'releases', releaseId),
  users: (manufacturerId: number, channelId: number, query: Query = {}) =>
    listKey(['manufacturers', manufacturerId, 'channels', channelId, 'users'], query),
  user: (manufacturerId: number, channelId: number, userId: number) =>
    resourceKey('manufacturers', manufacturerId, 'channels', channelId, 'users', userId),
  lists: (manufacturerId: number | typeof ANY_ID = ANY_ID) => scope('manufacturers', manufacturerId, 'channels'),
  userLists: (manufacturerId: number | typeof ANY_ID = ANY_ID, channelId: number | typeof ANY_ID = ANY_ID) =>
    scope('manufacturers', manufacturerId, 'channels', channelId, 'users'),
};

/** A licence list is one product's or one end user's. */
export type LicenseSource = { productId: number } | { userId: number };
const licenseOwner = (source: LicenseSource) =>
  'productId' in source ? (['products', source.productId] as const) : (['users', source.userId] as const);

export const licenseKeys = {
  list: (source: LicenseSource, query: Query) => listKey([...licenseOwner(source), 'licenses'], query),
  detail: (licenseId: number) => resourceKey('licenses', licenseId),
  activations: (licenseId: number) => resourceKey('licenses', licenseId, 'activations'),
  machines: (licenseId: number) => resourceKey('licenses', licenseId, 'machines'),
  machineDeactivation: (licenseId: number, machineId: number) =>
    resourceKey('licenses', licenseId, 'machines', machineId, 'deactivate'),
  bulkUpdate: () => resourceKey('licenses', 'bulk-update'),
  /** Every licence list, of any product and any user: a transfer moves a licence between lists. */
  lists: () => [scope('products', ANY_ID, 'licenses'), scope('users', ANY_ID, 'licenses')],
  listsOf: (source: LicenseSource) => scope(...licenseOwner(source), 'licenses'),
};

/** A manufacturer's orders (docs/selling.md, Orders), one order, and the order a licence came from. */
export const orderKeys = {
  list: (manufacturerId: number, query: Query) => listKey(['manufacturers', manufacturerId, 'orders'], query),
  detail: (orderId: number) => resourceKey('orders', orderId),
  refund: (orderId: number) => resourceKey('orders', orderId, 'refund'),
  ofLicense: (licenseId: number) => resourceKey('licenses', licenseId, 'order'),
  lists: () => scope('manufacturers', ANY_ID, 'orders'),
  /** Every order and every licence's order (a refund changes both). */
  details: () => [scope('orders', ANY_ID), scope('licenses', ANY_ID, 'order')],
};

/** A product's reseller serial batches (docs/selling.md, Reseller batches). */
export const batchKeys = {
  list: (productId: number) => resourceKey('products', productId, 'batches'),
  detail: (productId: number, batchId: number) => resourceKey('products', productId, 'batches', batchId),
  void: (productId: number, batchId: number) => resourceKey('products', productId, 'batches', batchId, 'void'),
  lists: (productId: number) => scope('products', productId, 'batches'),
};

export const trialKeys = {
  list: (productId: number, query: Query) => listKey(['products', productId, 'trials'], query),
  detail: (productId: number, trialId: number) => resourceKey('products', productId, 'trials', trialId),
  lists: (productId: number | typeof ANY_ID = ANY_ID) => scope('products', productId, 'trials'),
};

export const userKeys = {
  collection: () => resourceKey('users'),
  list: (query: Query) => listKey(['users'], query),
  detail: (userId: number) => resourceKey('users', userId),
  lists: () => scope('users'),
  details: (userId: number | typeof ANY_ID = ANY_ID) => scope('users', userId),
};

export const manufacturerKeys = {
  collection: () => resourceKey('manufacturers'),
  list: (query: Query) => listKey(['manufacturers'], query),
  detail: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId),
  lists: () => scope('manufacturers'),
  details: (manufacturerId: number | typeof ANY_ID = ANY_ID) => scope('manufacturers', manufacturerId),
};

export const webhookKeys = {
  /** A manufacturer's endpoints (one unpaged list); new endpoints are posted here too. */
  endpoints: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'webhook-endpoints'),
  endpoint: (manufacturerId: number, endpointId: number) =>
    resourceKey('manufacturers', manufacturerId, 'webhook-endpoints', endpointId),
  deliveries: (manufacturerId: number, endpointId: number, query: Query) =>
    listKey(['manufacturers', manufacturerId, 'webhook-endpoints', endpointId, 'deliveries'], query),
  redeliver: (manufacturerId: number, endpointId: number, deliveryId: number) =>
    resourceKey(
      'manufacturers',
      manufacturerId,
      'webhook-endpoints',
      endpointId,
      'deliveries',
      deliveryId,
      'redeliver',
    ),
  test: (manufacturerId: number, endpointId: number) =>
    resourceKey('manufacturers', manufacturerId, 'webhook-endpoints', endpointId, 'test'),
  /** Every page of one endpoint's delivery log. */
  deliveryLists: (manufacturerId: number, endpointId: number) =>
    scope('manufacturers', manufacturerId, 'webhook-endpoints', endpointId, 'deliveries'),
  /** The endpoint list and each endpoint of a manufacturer. */
  endpointsOf: (manufacturerId: number) => [
    scope('manufacturers', manufacturerId, 'webhook-endpoints'),
    scope('manufacturers', manufacturerId, 'webhook-endpoints', ANY_ID),
  ],
};

/** A manufacturer's Emails log and mail settings (docs/email.md). */
export const emailKeys = {
  list: (manufacturerId: number, query: Query) => listKey(['manufacturers', manufacturerId, 'emails'], query),
  detail: (manufacturerId: number, emailId: number) => resourceKey('manufacturers', manufacturerId, 'emails', emailId),
  test: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'emails', 'test'),
  /** Every page and filter of a manufacturer's log. */
  lists: (manufacturerId: number) => scope('manufacturers', manufacturerId, 'emails'),
  settings: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'mail-settings'),
  /** Which mails the manufacturer's buyers get. */
  buyerMails: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'buyer-mails'),
};

/** History: audit events of one record (object type and id), newest first. */
export const auditEventKeys = {
  list: (query: Query) => listKey(['audit-events'], query),
  lists: () => scope('audit-events'),
};

/** The staff side of a manufacturer's customer portal (docs/portal.md): its settings, and mailing a customer a sign-in link. */
export const portalKeys = {
  settings: (manufacturerId: number) => resourceKey('manufacturers', manufacturerId, 'portal-settings'),
  signInLink: (userId: number) => resourceKey('users', userId, 'portal-sign-in-link'),
};

/** A product's features, editions and policies, and a licence's terms (docs/licensing.md, Policies). */
export const policyKeys = {
  features: (productId: number) => resourceKey('products', productId, 'features'),
  feature: (productId: number, featureId: number) => resourceKey('products', productId, 'features', featureId),
  editions: (productId: number) => resourceKey('products', productId, 'editions'),
  edition: (productId: number, editionId: number) => resourceKey('products', productId, 'editions', editionId),
  policies: (productId: number) => resourceKey('products', productId, 'policies'),
  policy: (productId: number, licenseType: string) => resourceKey('products', productId, 'policies', licenseType),
  applyPreview: (productId: number, licenseType: string) =>
    resourceKey('products', productId, 'policies', licenseType, 'apply-preview'),
  apply: (productId: number, licenseType: string) =>
    resourceKey('products', productId, 'policies', licenseType, 'apply'),
  /** Every policy answer of the product: its list and each type's preview. */
  allOf: (productId: number) => [
    scope('products', productId, 'policies'),
    scope('products', productId, 'policies', ANY_ID, 'apply-preview'),
  ],
  terms: (licenseId: number) => resourceKey('licenses', licenseId, 'terms'),
  allTerms: () => scope('licenses', ANY_ID, 'terms'),
};
