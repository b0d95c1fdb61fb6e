// What other modules may use of the catalogue (docs/architecture.md §10): its rows' readers and lookups.
export { pricingOfRow, readProduct, toProductDto } from './repository.ts';
export {
  findProduct,
  findProducts,
  findProductsBySkus,
  lockProducts,
  markLowStockAlerted,
} from './service.ts';
export { isLowOnStock, queueLowStockAlert } from './low-stock.ts';
export { replacedBy, replacementsOf, type Replacement } from './lifecycle.ts';
