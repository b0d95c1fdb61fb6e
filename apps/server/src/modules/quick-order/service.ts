import { SKU_PATTERN } from '@forgeline/shared/schemas/product';
import { lineTotalCents, quantityMessages, quantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import { toDollars } from '@forgeline/shared/money';
import type { QuickOrderCheckResponse, QuickOrderLine } from '@forgeline/shared/schemas/cart';
import type { AppDeps } from '../../lib/deps.ts';
import { resolveBuyerPartNumbers } from '../part-numbers/index.ts';
import { buyerView, viewProducts } from '../pricing/index.ts';
import { findProductsBySkus, pricingOfRow, replacedBy, replacementsOf } from '../products/index.ts';
import { parsePad } from './parse.ts';

/**
 * Checks a quick-order pad line by line against the catalogue: unknown part number, missing or odd
 * quantity, minimum, multiple, maximum, stock, each with its message on its line. Nothing is stored:
 * the buyer sends the valid lines to the cart (POST /cart/lines) in one step.
 */
export async function checkQuickOrder(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  text: string,
): Promise<QuickOrderCheckResponse> {
  // A code that is not our part number may be the buyer's company's own (docs/decisions/0218): it
  // reads as our part number from here on, and the line says which number the buyer wrote.
  const typed = parsePad(text);
  const theirs = await resolveBuyerPartNumbers(
    deps.db,
    userId,
    typed.map((l) => l.sku),
  );
  const padLines = typed.map((line) => {
    const own = theirs.get(line.sku);
    return { ...line, sku: own?.sku ?? line.sku, customerPartNumber: own ? line.sku : null };
  });
  const skus = [...new Set(padLines.map((l) => l.sku).filter((sku) => SKU_PATTERN.test(sku)))];
  // Checked at the buyer's own prices, and a part hidden from their company is unknown (decision 0216).
  const view = await buyerView(deps.db, userId);
  const found = await viewProducts(deps.db, view, await findProductsBySkus(deps.db, skus));
  const bySku = new Map(found.map((product) => [product.sku, product]));
  // A discontinued part's line offers the part that replaces it (decision 0233).
  const replacements = await replacementsOf(deps.db, view, found);

  let validCount = 0;
  let totalCents = 0;
  const lines = padLines.map((pad): QuickOrderLine => {
    const product = bySku.get(pad.sku);
    const base = {
      line: pad.line,
      input: pad.input,
      sku: pad.sku,
      quantity: pad.quantity,
      customerPartNumber: pad.customerPartNumber,
    };
    if (!product) {
      return {
        ...base,
        productId: null,
        name: null,
        unitPrice: null,
        lineTotal: null,
        problem: { rule: 'unknown', message: quantityMessages.unknownPart(pad.sku) },
      };
    }
    const known = { ...base, productId: product.id, name: product.name };
    if (pad.quantity === null) {
      const message =
        pad.quantityText === '' ? 'Give a quantity after the part number.' : quantityMessages.notWhole;
      return { ...known, unitPrice: null, lineTotal: null, problem: { rule: 'quantity', message } };
    }
    const pricing = pricingOfRow(product);
    const problem = quantityProblem(pricing, pad.quantity);
    const lineCents = lineTotalCents(pricing, pad.quantity);
    if (!problem) {
      validCount += 1;
      totalCents += lineCents;
    }
    const replacement = replacements.get(product.id);
    return {
      ...known,
      unitPrice: toDollars(unitPriceCents(pricing, pad.quantity)),
      lineTotal: toDollars(lineCents),
      problem:
        problem && replacement
          ? { ...problem, message: `${problem.message} ${replacedBy(replacement)}` }
          : problem,
      replacement: replacement ? { sku: replacement.sku, name: replacement.name } : null,
    };
  });
  return { lines, validCount, total: toDollars(totalCents) };
}
