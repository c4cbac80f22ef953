import type { Product } from 'shared-kit';

/** 'name (identifier)', or just the name for a product without an identifier. */
export const productLabel = (product: Pick<Product, 'name' | 'identifier'>) =>
  product.identifier ? `${product.name} (${product.identifier})` : product.name;
