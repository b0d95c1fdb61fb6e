// The package's whole surface, for its own tests (the schema walk of bounded-input.test.ts). The apps import
// each module by its subpath (`@forgeline/shared/messages`), so every import says what it depends on.
export * from './api-error.ts';
export * from './constants.ts';
export * from './schema-constants.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './images.ts';
export * from './schemas/common.ts';
export * from './schemas/product.ts';
export * from './schemas/order.ts';
export * from './schemas/review.ts';
export * from './schemas/user.ts';
export * from './schemas/identity.ts';
export * from './schemas/contact.ts';
export * from './schemas/invoice.ts';
export * from './schemas/quote.ts';
export * from './schemas/order-search.ts';
export * from './pricing.ts';
export * from './schemas/cart.ts';
export * from './schemas/checkout.ts';
export * from './schemas/user-search.ts';
export * from './schemas/order-detail.ts';
export * from './schemas/payment-terms.ts';
export * from './schemas/overview.ts';
export * from './audit-actions.ts';
export * from './schemas/audit.ts';
export * from './schemas/product-import.ts';
