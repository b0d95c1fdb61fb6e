import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { DeliveryKind, DeliveryRate } from '@forgeline/shared/delivery';
import { createdAt, primaryId, updatedAt } from './columns.ts';

// Spelled out (drizzle-kit reads this file alone); `satisfies` keeps it the shared list's.
const KIND_VALUES = [
  'flat',
  'weight',
  'free_over',
  'collection',
  'freight_quote',
] as const satisfies readonly DeliveryKind[];

/** Where the shop delivers, as sets of destinations: 'DE' (a country) or 'US-IL' (a region of one). */
export const deliveryZones = pgTable('delivery_zones', {
  id: primaryId(),
  name: text('name').notNull().unique(),
  destinations: text('destinations').array().notNull(),
  createdAt: createdAt(),
});

/**
 * A way an order reaches the buyer (decision 0235) and its rate per zone, as `rates` (checked by
 * `methodRatesProblem` in packages/shared/src/delivery.ts before it is saved).
 */
export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: primaryId(),
    name: text('name').notNull().unique(),
    kind: text('kind', { enum: KIND_VALUES }).notNull(),
    active: boolean('active').notNull().default(true),
    rates: jsonb('rates')
      .$type<DeliveryRate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('delivery_methods_rates_array', sql`jsonb_typeof(${table.rates}) = 'array'`)],
);

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type DeliveryMethodRow = typeof deliveryMethods.$inferSelect;
