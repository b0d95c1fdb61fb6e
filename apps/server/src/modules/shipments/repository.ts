import { asc, eq, inArray, max, or, type SQL } from 'drizzle-orm';
import type { Carrier } from '@forgeline/shared/carriers';
import type { Executor } from '../../db/client.ts';
import { newestFirst } from '../../db/keyset.ts';
import { orders, shipmentLines, shipments, type ShipmentRow } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/** A shipment with its lines, each with the order line's number and product as they were ordered. */
export interface ShipmentView extends ShipmentRow {
  lines: { orderId: string; orderNumber: string; productName: string; quantity: number }[];
}

/** One row per shipment line, grouped back into shipments (newest first, lines by order number). */
function grouped(
  rows: {
    shipment: ShipmentRow;
    orderId: string;
    orderNumber: string;
    productName: string;
    quantity: number;
  }[],
): ShipmentView[] {
  const byId = new Map<string, ShipmentView>();
  for (const { shipment, ...line } of rows) {
    const view = byId.get(shipment.id) ?? { ...shipment, lines: [] };
    view.lines.push(line);
    byId.set(shipment.id, view);
  }
  return [...byId.values()];
}

export function createShipmentsRepository(db: Executor) {
  /** Every line of the shipments that have a line matching `where`. */
  const read = async (where: SQL | undefined) => {
    const matching = db
      .selectDistinct({ id: shipmentLines.shipmentId })
      .from(shipmentLines)
      .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
      .where(where);
    return grouped(
      await db
        .select({
          shipment: shipments,
          orderId: shipmentLines.orderId,
          orderNumber: orders.number,
          productName: orders.productName,
          quantity: shipmentLines.quantity,
        })
        .from(shipmentLines)
        .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
        .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
        .where(inArray(shipmentLines.shipmentId, matching))
        .orderBy(...newestFirst(shipments.createdAt, shipments.id), asc(orders.number)),
    );
  };

  return {
    async insert(
      shipment: { carrier: Carrier; trackingNumber: string | null; createdBy: string | null },
      lines: readonly { orderId: string; quantity: number }[],
      at: Date,
    ): Promise<ShipmentRow> {
      const [row] = await db
        .insert(shipments)
        .values({ ...shipment, createdAt: at })
        .returning();
      await db.insert(shipmentLines).values(lines.map((line) => ({ ...line, shipmentId: row!.id })));
      return row!;
    },

    async findById(id: string): Promise<ShipmentView | undefined> {
      if (!isUuid(id)) return undefined;
      const [view] = await read(eq(shipmentLines.shipmentId, id));
      return view;
    },

    /** The shipments with a piece of this order line. */
    listByOrder: (orderId: string) => read(eq(shipmentLines.orderId, orderId)),

    /** When the last shipment with pieces of this order line left (null: none recorded). */
    async lastShippedAt(orderId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(shipments.createdAt) })
        .from(shipmentLines)
        .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
        .where(eq(shipmentLines.orderId, orderId));
      return row?.at ?? null;
    },

    /** The shipments of a person's orders and, with `companyId`, of every order of that company. */
    listByReader: (userId: string, companyId?: string) =>
      read(
        companyId
          ? or(eq(orders.userId, userId), eq(orders.companyId, companyId))
          : eq(orders.userId, userId),
      ),
  };
}
