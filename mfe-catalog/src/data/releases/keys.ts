export const productReleasesPath = (productId: number | string) => `/products/${productId}/releases`;
export const releasePath = (productId: number | string, releaseId: number | string) => `${productReleasesPath(productId)}/${releaseId}`;
/** Every cached answer about a product's releases: the lists and each release. */
export const isReleasePathOf = (productId: number) => (path: string) => path.startsWith(productReleasesPath(productId));
