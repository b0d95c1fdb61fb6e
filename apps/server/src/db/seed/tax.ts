import { count, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appMeta, taxRates } from '../schema/index.ts';

const DEMO_SEEDED_KEY = 'demo_data_seeded_at';
const TAX_SEEDED_KEY = 'demo_tax_rates_seeded_at';

/**
 * The demo shop's tax rates (decision 0231): the demo seller is in Illinois, with a few neighbouring
 * states, and the VAT of a few European countries, all valid from 2020-01-01. Hundredths of a percent.
 */
export const DEMO_TAX_RATES: {
  country: string;
  region: string | null;
  category: 'standard' | 'reduced';
  rateBasisPoints: number;
  name: string;
}[] = [
  { country: 'US', region: 'IL', category: 'standard', rateBasisPoints: 625, name: 'Illinois sales tax' },
  {
    country: 'US',
    region: 'IL',
    category: 'reduced',
    rateBasisPoints: 100,
    name: 'Illinois reduced sales tax',
  },
  { country: 'US', region: 'IN', category: 'standard', rateBasisPoints: 700, name: 'Indiana sales tax' },
  { country: 'US', region: 'WI', category: 'standard', rateBasisPoints: 500, name: 'Wisconsin sales tax' },
  { country: 'US', region: 'OH', category: 'standard', rateBasisPoints: 575, name: 'Ohio sales tax' },
  { country: 'US', region: 'PA', category: 'standard', rateBasisPoints: 600, name: 'Pennsylvania sales tax' },
  { country: 'DE', region: null, category: 'standard', rateBasisPoints: 1900, name: 'MwSt.' },
  { country: 'DE', region: null, category: 'reduced', rateBasisPoints: 700, name: 'MwSt. ermäßigt' },
  { country: 'FR', region: null, category: 'standard', rateBasisPoints: 2000, name: 'TVA' },
  { country: 'FR', region: null, category: 'reduced', rateBasisPoints: 550, name: 'TVA réduite' },
  { country: 'NL', region: null, category: 'standard', rateBasisPoints: 2100, name: 'BTW' },
  { country: 'NL', region: null, category: 'reduced', rateBasisPoints: 900, name: 'BTW laag' },
  { country: 'GB', region: null, category: 'standard', rateBasisPoints: 2000, name: 'VAT' },
  { country: 'GB', region: null, category: 'reduced', rateBasisPoints: 500, name: 'VAT reduced' },
];

/**
 * Writes the demo rates once, into a demo database only (one whose demo catalogue was seeded) that has
 * no rates yet: an existing demo install gets them on its next start, a real shop never does, and rates
 * the owner deleted do not come back. Answers whether it wrote them.
 */
export async function seedDemoTaxRates(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [demo] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_SEEDED_KEY));
    if (!demo) return false;
    const claimed = await tx
      .insert(appMeta)
      .values({ key: TAX_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [existing] = await tx.select({ n: count() }).from(taxRates);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(taxRates).values(DEMO_TAX_RATES.map((rate) => ({ ...rate, validFrom: '2020-01-01' })));
    return true;
  });
}
