/** The ship form's schema, loaded on its first validation only (lib/lazy-resolver.ts). */
export { shipmentFormSchema } from '@forgeline/shared/schemas/shipment';
