import type { Key } from 'swr';

/** The API path of a licence list: one product's or one end user's. */
export type LicenseSource = { productId: number } | { userId: number };

export const licenseListPath = (source: LicenseSource) =>
  'productId' in source ? `/products/${source.productId}/licenses` : `/users/${source.userId}/licenses`;

const LICENSE_LIST_PATH = /^\/(products|users)\/\d+\/licenses$/;

/**
 * Every cached licence list (any product, any user, any page): a change to one licence can move it between
 * lists (a transfer) or change how it shows in several, so mutations revalidate them all.
 */
export const isLicenseListKey = (key: Key) => Array.isArray(key) && typeof key[0] === 'string' && LICENSE_LIST_PATH.test(key[0]);

/** The end user's own record (fingerprints, transfers), which the users area caches under `/users/{id}`. */
export const isEndUserKey = (key: Key) => Array.isArray(key) && typeof key[0] === 'string' && /^\/users\/\d+$/.test(key[0]);
