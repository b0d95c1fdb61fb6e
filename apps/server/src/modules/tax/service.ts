import {
  decideTax,
  MissingTaxRateError,
  taxLines,
  type TaxCategory,
  type TaxDecision,
  type TaxedLine,
  type TaxSeller,
} from '@forgeline/shared/tax';
import { pricingDay } from '@forgeline/shared/contract-pricing';
import type { Executor } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import { toDollars } from '@forgeline/shared/money';
import type { TaxSummary } from '@forgeline/shared/schemas/tax';
import { findMembership } from '../membership/index.ts';
import { createTaxRepository } from './repository.ts';

/** An order's tax as placed: how it was decided, on whom, and each line's rate and cents. */
export interface OrderTax {
  decision: TaxDecision;
  /** The buyer's country and tax ID as they were, frozen on the checkout. */
  buyerCountry: string | null;
  buyerTaxId: string | null;
  lines: TaxedLine[];
  taxCents: number;
}

/**
 * Works out an order's tax: who the buyer is for tax (`companyId`'s country, VAT ID and certificate, or a
 * private person), then each line's. This rate-table provider is the one seam an external tax service
 * (Avalara, Stripe Tax) would replace: same input, same answer. A rate that must exist and does not is
 * a 409 TAX_RATE_MISSING, never a silent zero.
 */
export async function taxOrder(
  db: Executor,
  seller: TaxSeller | null,
  companyId: string | null,
  lines: readonly { category: TaxCategory; netCents: number }[],
  now: Date = new Date(),
): Promise<OrderTax> {
  const day = pricingDay(now);
  const repository = createTaxRepository(db);
  const company = companyId ? await repository.companyStatus(companyId) : undefined;
  const exemption = companyId && seller ? await repository.validExemption(companyId, day) : undefined;
  const decision = decideTax(
    seller,
    {
      country: company?.country ?? null,
      region: company?.region ?? null,
      taxId: company?.taxId ?? null,
      taxIdVerified: company?.taxIdVerified ?? false,
      exemption: exemption ?? null,
    },
    day,
  );
  const rates = decision.rateCountry ? await repository.ratesOf(decision.rateCountry) : [];
  try {
    const taxed = taxLines(decision, rates, lines, day);
    return {
      decision,
      buyerCountry: company?.country ?? null,
      buyerTaxId: company?.taxId ?? null,
      lines: taxed,
      taxCents: taxed.reduce((sum, line) => sum + line.taxCents, 0),
    };
  } catch (error) {
    if (error instanceof MissingTaxRateError) throw new DomainError('TAX_RATE_MISSING', error.message);
    throw error;
  }
}

/**
 * The tax a buyer would pay on these lines now, as the cart and a quote show it: the same engine as at
 * checkout; a missing rate is said (`problem`), since that checkout would be refused.
 */
export async function taxSummaryOf(
  db: Executor,
  seller: TaxSeller | null,
  companyId: string | null,
  lines: readonly { category: TaxCategory; netCents: number }[],
): Promise<TaxSummary> {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  try {
    const tax = await taxOrder(db, seller, companyId, lines);
    return {
      treatment: tax.decision.treatment,
      tax: toDollars(tax.taxCents),
      totalWithTax: toDollars(netCents + tax.taxCents),
      note: tax.decision.note,
    };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'TAX_RATE_MISSING') throw error;
    return {
      treatment: 'taxed',
      tax: 0,
      totalWithTax: toDollars(netCents),
      note: null,
      problem: error.message,
    };
  }
}

/** The same for a person: their company's tax status, or a private person's. */
export async function buyerTaxSummary(
  db: Executor,
  seller: TaxSeller | null,
  userId: string,
  lines: readonly { category: TaxCategory; netCents: number }[],
): Promise<TaxSummary> {
  return taxSummaryOf(db, seller, (await findMembership(db, userId))?.companyId ?? null, lines);
}
