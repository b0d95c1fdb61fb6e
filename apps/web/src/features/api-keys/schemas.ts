/** The key forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { CompanyApiKeyBodySchema, ShopApiKeyBodySchema } from '@forgeline/shared/schemas/api-key';
