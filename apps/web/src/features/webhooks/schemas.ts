/** The endpoint forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export {
  CompanyWebhookEndpointBodySchema,
  ShopWebhookEndpointBodySchema,
} from '@forgeline/shared/schemas/webhook';
