import { count, eq, isNull } from 'drizzle-orm';
import type { DeliveryRate } from '@forgeline/shared/delivery';
import type { Database } from '../client.ts';
import { appMeta, deliveryMethods, deliveryZones, products } from '../schema/index.ts';

const DEMO_SEEDED_KEY = 'demo_data_seeded_at';
const DELIVERY_SEEDED_KEY = 'demo_delivery_seeded_at';

/** The demo shop's zones (decision 0235): home from Illinois, the far states, Europe. */
const DEMO_ZONES = [
  { name: 'Mainland United States', destinations: ['US'] },
  { name: 'Alaska and Hawaii', destinations: ['US-AK', 'US-HI'] },
  { name: 'Europe', destinations: ['DE', 'FR', 'NL', 'GB', 'AT', 'BE', 'IT', 'ES'] },
];

const rate = (zoneId: string, cents: number, extra: Partial<DeliveryRate> = {}): DeliveryRate => ({
  zoneId,
  cents,
  bands: [],
  freeFromCents: null,
  ...extra,
});

/**
 * Writes the demo zones and methods once, into a demo database only (one whose demo catalogue was
 * seeded) that has no methods yet, and gives the demo parts without a weight one of 250 g a piece: an
 * existing demo install gets them on its next start, a real shop never does.
 */
export async function seedDemoDelivery(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [demo] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
    if (!demo) return false;
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DELIVERY_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [existing] = await tx.select({ n: count() }).from(deliveryMethods);
    if ((existing?.n ?? 0) > 0) return false;
    const zones = await tx.insert(deliveryZones).values(DEMO_ZONES).returning();
    const [home, far, europe] = zones.map((zone) => zone.id) as [string, string, string];
    await tx.insert(deliveryMethods).values([
      { name: 'Collection from the works', kind: 'collection', rates: [] },
      { name: 'Parcel', kind: 'flat', rates: [rate(home, 1500), rate(far, 4500)] },
      {
        name: 'Pallet by weight',
        kind: 'weight',
        rates: [
          rate(home, 0, {
            bands: [
              { maxGrams: 25_000, cents: 4500 },
              { maxGrams: 250_000, cents: 12_000 },
              { maxGrams: 1_000_000, cents: 29_000 },
            ],
          }),
        ],
      },
      {
        name: 'Ground, free from $500',
        kind: 'free_over',
        rates: [rate(home, 2500, { freeFromCents: 50_000 })],
      },
      {
        name: 'Freight quoted on request',
        kind: 'freight_quote',
        rates: [rate(home, 0), rate(far, 0), rate(europe, 0)],
      },
    ]);
    await tx.update(products).set({ weightGrams: 250 }).where(isNull(products.weightGrams));
    return true;
  });
}
