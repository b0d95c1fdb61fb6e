import { z } from 'zod';
import { hasWholeCents } from '../money.ts';
import { COUNTRY_CODES } from '../countries.ts';
import { DELIVERY_KINDS } from '../delivery.ts';
import { notSingleLine, SINGLE_LINE } from './common.ts';
import { CountryCodeSchema, RegionCodeSchema } from './tax.ts';

/* Delivery methods and zones on the wire (docs/decisions/0235): money in dollars, weights in grams. */

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be 80 characters or fewer`)
    // Printed on invoices, mails and the checkout: a line break could pass for a line of its own.
    .regex(SINGLE_LINE, notSingleLine(label));

const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} is too large`)
    .refine(hasWholeCents, `${label} has at most 2 decimals`);

/** 'DE' (a country) or 'US-IL' (a region of one), upper-cased. */
export const DestinationCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/,
    'A destination is a country code (DE) or a country and region (US-IL)',
  )
  .refine(
    (code) => COUNTRY_CODES.has(code.slice(0, 2)),
    'This is not a country code we know (ISO 3166), e.g. DE or US',
  );

export const DeliveryZoneBodySchema = z.object({
  name: name('Zone name'),
  destinations: z
    .array(DestinationCodeSchema)
    .min(1, 'A zone needs at least one country or region')
    .max(300, 'A zone has at most 300 destinations'),
});
export type DeliveryZoneBody = z.infer<typeof DeliveryZoneBodySchema>;

export const DeliveryZoneSchema = DeliveryZoneBodySchema.extend({ id: z.string() });
export type DeliveryZoneDto = z.infer<typeof DeliveryZoneSchema>;

export const WeightBandBodySchema = z.object({
  maxGrams: z
    .number({ error: 'A band’s weight must be a number' })
    .int('A band’s weight is whole grams')
    .min(1, 'A weight band must end above 0 g')
    .max(100_000_000, 'A weight band must end at 100 t or less'),
  price: dollars('A band’s price'),
});

export const DeliveryRateBodySchema = z.object({
  zoneId: z.string({ error: 'Each rate names its zone' }).trim().min(1, 'Each rate names its zone').max(100),
  price: dollars('Price').default(0),
  bands: z.array(WeightBandBodySchema).max(50).default([]),
  freeFrom: dollars('Free from').nullable().default(null),
});

export const DeliveryMethodBodySchema = z.object({
  name: name('Method name'),
  kind: z.enum(DELIVERY_KINDS, {
    error: "Kind must be 'flat', 'weight', 'free_over', 'collection' or 'freight_quote'",
  }),
  active: z.boolean().default(true),
  rates: z.array(DeliveryRateBodySchema).max(100).default([]),
});
export type DeliveryMethodBody = z.input<typeof DeliveryMethodBodySchema>;

export const DeliveryMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  active: z.boolean(),
  rates: z.array(
    z.object({
      zoneId: z.string(),
      price: z.number(),
      bands: z.array(z.object({ maxGrams: z.number(), price: z.number() })),
      freeFrom: z.number().nullable(),
    }),
  ),
});
export type DeliveryMethodDto = z.infer<typeof DeliveryMethodSchema>;

/** Where an order goes, for choosing and pricing its delivery. */
export const DestinationSchema = z.object({
  country: CountryCodeSchema,
  region: RegionCodeSchema.optional().default(null),
});

/**
 * GET /delivery/options: a destination, and the lines to price instead of the caller's cart
 * ('productId:quantity,…', the admin's order for a customer).
 */
export const DeliveryOptionsQuerySchema = DestinationSchema.extend({
  lines: z
    .string()
    .max(4000)
    .regex(/^[\w-]+:\d{1,7}(,[\w-]+:\d{1,7}){0,99}$/, "lines is 'productId:quantity', comma-separated")
    .optional(),
});

/** POST /checkout's choice: the method and the destination it is priced for. */
export const DeliveryChoiceSchema = DestinationSchema.extend({
  methodId: z
    .string({ error: 'Choose a delivery method' })
    .trim()
    .min(1, 'Choose a delivery method')
    .max(100),
});
export type DeliveryChoice = z.infer<typeof DeliveryChoiceSchema>;

/** A method as it serves the buyer's cart to a destination; `cost` null: quoted after the order. */
export const DeliveryOptionSchema = z.object({
  methodId: z.string(),
  name: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  cost: z.number().nullable(),
  /** The tax on the cost as the buyer would pay it (dollars), and cost plus tax. */
  tax: z.number().nullable(),
  zoneName: z.string().nullable(),
});
export type DeliveryOptionDto = z.infer<typeof DeliveryOptionSchema>;

export const DeliveryOptionsSchema = z.object({
  options: z.array(DeliveryOptionSchema),
  /** The cart's weight in grams. */
  weightGrams: z.number(),
});
export type DeliveryOptions = z.infer<typeof DeliveryOptionsSchema>;

/** The delivery of a checkout as placed, on its wire. */
export const CheckoutDeliverySchema = z.object({
  status: z.enum(['priced', 'awaiting_quote']),
  method: z.string(),
  kind: z.enum(DELIVERY_KINDS),
  country: z.string().nullable(),
  region: z.string().nullable(),
  /** Null while the freight is quoted on request. */
  cost: z.number().nullable(),
  tax: z.number().nullable(),
});
export type CheckoutDelivery = z.infer<typeof CheckoutDeliverySchema>;

/** POST /checkouts/:id/freight (admin): the freight's net price in dollars. */
export const FreightPriceBodySchema = z.object({ price: dollars('Freight price') });
