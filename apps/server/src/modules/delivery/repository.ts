import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DeliveryRate } from '@forgeline/shared/delivery';
import type { Executor } from '../../db/client.ts';
import {
  checkouts,
  deliveryMethods,
  deliveryZones,
  orders,
  type CheckoutRow,
  type DeliveryMethodRow,
  type DeliveryZoneRow,
  type OrderRow,
} from '../../db/schema/index.ts';
import { isUuid } from '../../lib/uuid.ts';

/** The shop's delivery zones and methods, and the freight of a checkout quoted on request. */
export function createDeliveryRepository(db: Executor) {
  return {
    zones: (): Promise<DeliveryZoneRow[]> => db.select().from(deliveryZones).orderBy(asc(deliveryZones.name)),
    methods: (): Promise<DeliveryMethodRow[]> =>
      db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.name)),

    async hasActiveMethod(): Promise<boolean> {
      const [row] = await db
        .select({ id: deliveryMethods.id })
        .from(deliveryMethods)
        .where(eq(deliveryMethods.active, true))
        .limit(1);
      return row !== undefined;
    },

    /** The zone rows locked (id order) while a method's rates naming them are saved or a zone is deleted. */
    async lockZones(): Promise<DeliveryZoneRow[]> {
      return db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)).for('update');
    },

    async insertZone(values: { name: string; destinations: string[] }): Promise<DeliveryZoneRow | undefined> {
      const [row] = await db.insert(deliveryZones).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateZone(
      id: string,
      values: { name: string; destinations: string[] },
    ): Promise<DeliveryZoneRow | 'missing' | 'taken'> {
      if (!isUuid(id)) return 'missing';
      const [clash] = await db
        .select({ id: deliveryZones.id })
        .from(deliveryZones)
        .where(and(eq(deliveryZones.name, values.name), ne(deliveryZones.id, id)));
      if (clash) return 'taken';
      const [row] = await db.update(deliveryZones).set(values).where(eq(deliveryZones.id, id)).returning();
      return row ?? 'missing';
    },
    async deleteZone(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      return (await db.delete(deliveryZones).where(eq(deliveryZones.id, id)).returning()).length > 0;
    },
    /** The methods whose rates name `zoneId`. */
    async methodsUsingZone(zoneId: string): Promise<DeliveryMethodRow[]> {
      return db
        .select()
        .from(deliveryMethods)
        .where(sql`${deliveryMethods.rates} @> ${JSON.stringify([{ zoneId }])}::jsonb`);
    },

    async insertMethod(values: {
      name: string;
      kind: DeliveryMethodRow['kind'];
      active: boolean;
      rates: DeliveryRate[];
    }): Promise<DeliveryMethodRow | undefined> {
      const [row] = await db.insert(deliveryMethods).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updateMethod(
      id: string,
      values: { name: string; kind: DeliveryMethodRow['kind']; active: boolean; rates: DeliveryRate[] },
    ): Promise<DeliveryMethodRow | 'missing' | 'taken'> {
      if (!isUuid(id)) return 'missing';
      const [clash] = await db
        .select({ id: deliveryMethods.id })
        .from(deliveryMethods)
        .where(and(eq(deliveryMethods.name, values.name), ne(deliveryMethods.id, id)));
      if (clash) return 'taken';
      const [row] = await db
        .update(deliveryMethods)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(deliveryMethods.id, id))
        .returning();
      return row ?? 'missing';
    },
    async deleteMethod(id: string): Promise<DeliveryMethodRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(deliveryMethods).where(eq(deliveryMethods.id, id)).returning();
      return row;
    },

    /** The checkout locked, then its standing lines locked in id order (as every payment path locks them). */
    async lockCheckoutForFreight(
      id: string,
    ): Promise<{ checkout: CheckoutRow; lines: OrderRow[] } | undefined> {
      if (!isUuid(id)) return undefined;
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
      if (!checkout) return undefined;
      const lines = await db
        .select()
        .from(orders)
        .where(and(eq(orders.checkoutId, id), ne(orders.status, 'cancelled')))
        .orderBy(asc(orders.id))
        .for('update');
      return { checkout, lines };
    },

    /** Freezes the freight's price and tax on the checkout (still awaiting it) and each line's share. */
    async setFreight(
      checkoutId: string,
      freight: { cents: number; taxCents: number },
      shares: readonly { orderId: string; cents: number; taxCents: number }[],
    ): Promise<CheckoutRow | undefined> {
      const [checkout] = await db
        .update(checkouts)
        .set({
          deliveryCents: freight.cents,
          deliveryTaxCents: freight.taxCents,
          deliveryStatus: 'priced',
          deliveryPricedAt: new Date(),
        })
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.deliveryStatus, 'awaiting_quote')))
        .returning();
      if (!checkout) return undefined;
      for (const share of shares) {
        await db
          .update(orders)
          .set({ deliveryCents: share.cents, deliveryTaxCents: share.taxCents })
          .where(and(eq(orders.id, share.orderId), eq(orders.paid, false)));
      }
      return checkout;
    },
  };
}
