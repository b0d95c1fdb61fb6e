import { z } from 'zod';
import { PriceListItemBodySchema } from '@forgeline/shared/schemas/price-list';
import { toCents } from '@forgeline/shared/money';
import { priceTiersProblem } from '@forgeline/shared/pricing';
import { parseBreaks } from './breaks';

/** The price-list forms' schemas, loaded on their first validation only (lib/lazy-resolver.ts). */
export { CustomerGroupBodySchema, PriceListBodySchema } from '@forgeline/shared/schemas/price-list';

/**
 * The item form: a part number, a price (empty: the list's rule applies) and breaks typed as
 * '10:4.50;50:4.00'; validated by the server's own schema once read.
 */
export const ItemFormSchema = z
  .object({ sku: z.string(), price: z.string(), breaks: z.string() })
  .transform((form, ctx) => {
    const read = parseBreaks(form.breaks);
    if ('problem' in read) {
      ctx.addIssue({ code: 'custom', path: ['breaks'], message: `Price breaks: ${read.problem}` });
      return z.NEVER;
    }
    const price = form.price.trim() === '' ? null : Number(form.price);
    const parsed = PriceListItemBodySchema.safeParse({ sku: form.sku, price, tiers: read.tiers });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'tiers' ? 'breaks' : issue.path[0] === 'price' ? 'price' : 'sku';
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      return z.NEVER;
    }
    const { price: dollars, tiers } = parsed.data;
    const problem =
      dollars === null
        ? null
        : priceTiersProblem(
            tiers.map((tier) => ({ minQuantity: tier.minQuantity, priceCents: toCents(tier.price) })),
            toCents(dollars),
          );
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['breaks'], message: problem });
      return z.NEVER;
    }
    return parsed.data;
  });
