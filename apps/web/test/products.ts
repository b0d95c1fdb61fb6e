import type { Product } from '@forgeline/shared/schemas/product';

/** A product as the API answers it, for component tests; `over` sets what the test is about. */
export const makeProduct = (over: Partial<Product> = {}): Product => ({
  _id: '7d0c1c8e-0a55-4b8e-9a39-1b4f6c0e2a11',
  name: 'Hex Bolt M12',
  price: 2.5,
  minOrder: 100,
  availableQuantiity: 500,
  description: 'Zinc plated.',
  img: '/uploads/bolt.webp',
  sku: 'FL-BLT-M12',
  packSize: 1,
  maxOrder: null,
  lowStockThreshold: 10,
  priceTiers: [],
  taxCategory: 'standard',
  ...over,
});
