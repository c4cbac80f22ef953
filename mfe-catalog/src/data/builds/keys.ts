export const productBuildsPath = (productId: number | string) => `/products/${productId}/builds`;
export const buildPath = (productId: number | string, buildId: number | string) => `${productBuildsPath(productId)}/${buildId}`;
export const buildFilesPath = (productId: number | string, buildId: number | string) => `/clients/app/products/${productId}/builds/${buildId}/files`;
