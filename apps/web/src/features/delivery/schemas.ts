/** The delivery forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { DeliveryMethodBodySchema, DeliveryZoneBodySchema } from '@forgeline/shared/schemas/delivery';
