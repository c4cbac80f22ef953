import { useProduct } from '../api/get-product';
import { Subtitle } from './layout';

/** Names the product a page is about, under its title; nothing while it loads or when it cannot be loaded. */
export function ProductSubtitle({ productId }: { productId: number }) {
  const { data: product } = useProduct(productId);
  if (!product) return null;
  return <Subtitle>{product.identifier ? `${product.name} (${product.identifier})` : product.name}</Subtitle>;
}
