import type { PageMeta } from '../page-meta';

export const productMeta = (productName?: string): PageMeta => ({
  title: `${productName ?? 'Product'} | Forgeline`,
  description: 'A Forgeline part: photo, details, price per piece, minimum order and stock, and Buy Now.',
});
