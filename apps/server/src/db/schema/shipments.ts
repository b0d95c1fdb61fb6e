import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Carrier } from '@forgeline/shared/carriers';
import { users } from './auth.ts';
import { createdAt, primaryId, sequencedNumber, uuidRef } from './columns.ts';
import { orders } from './orders.ts';

/** Shipment numbers ('SH-100001', …), printed on the packing slip: never reused. */
// Spelled out (drizzle-kit reads this file alone); `satisfies` keeps it the shared list's.
const CARRIER_VALUES = ['dhl', 'ups', 'fedex', 'usps', 'other'] as const satisfies readonly Carrier[];

export const shipmentNumberSeq = pgSequence('shipment_number_seq', { startWith: 100001 });

/**
 * Pieces that left the works together (decision 0232): one carrier and tracking number, lines from one
 * checkout (one address). The tracking link is built from the carrier's template when read, never stored.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: primaryId(),
    number: sequencedNumber('SH', 'shipment_number_seq'),
    carrier: text('carrier', { enum: CARRIER_VALUES }).notNull(),
    trackingNumber: text('tracking_number'),
    /** The admin who shipped it (cleared when their account goes; the audit log keeps who). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('shipments_created_at_idx').on(table.createdAt)],
);

/** So many pieces of one order line in one shipment. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuidRef('shipment_id', () => shipments.id, 'cascade'),
    orderId: uuidRef('order_id', () => orders.id, 'cascade'),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderId] }),
    check('shipment_lines_quantity_positive', sql`${table.quantity} > 0`),
    index('shipment_lines_order_id_idx').on(table.orderId),
  ],
);

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;
