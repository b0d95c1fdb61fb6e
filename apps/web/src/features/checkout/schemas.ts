import { CheckoutBodySchema } from '@forgeline/shared/schemas/checkout';

/** The checkout's delivery fields, by the server's rules. Loaded on the form's first validation only (lib/lazy-resolver.ts). */
export const DeliverySchema = CheckoutBodySchema.pick({ address: true, phone: true, poReference: true });

/** The admin's freight price (decision 0236). */
export { FreightPriceBodySchema } from '@forgeline/shared/schemas/delivery';
