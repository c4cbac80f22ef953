export const PRODUCTS_PATH = '/products';
export const productPath = (productId: number | string) => `${PRODUCTS_PATH}/${productId}`;
/** Every cached answer about products (their lists and each product), but not their builds or releases. */
export const isProductPath = (path: string) => path === PRODUCTS_PATH || /^\/products\/\d+$/.test(path);
