import { isValidOn } from './contract-pricing.ts';

/**
 * Which tax an order bears and how much (docs/decisions/0219): one pure module, used by the server to
 * charge it and freeze it on the order, and by the shop's pages to explain it. Prices stay net; tax is
 * worked out per line in integer cents, rounded half up, so that a line refunded alone gives back exactly
 * the tax it bore and the lines always add up to the total.
 */

export const TAX_CATEGORIES = ['standard', 'reduced', 'exempt'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
/** The categories a rate is set for (an exempt part bears none). */
export const RATED_CATEGORIES = ['standard', 'reduced'] as const;
export type RatedCategory = (typeof RATED_CATEGORIES)[number];

/**
 * How an order is taxed: 'none' when the seller charges no tax (no tax country configured); 'taxed' at
 * the rates of `rateCountry`/`rateRegion`; 'reverse_charge' (intra-EU B2B with a verified VAT ID),
 * 'export' (outside the seller's tax area) and 'exempt' (a valid exemption certificate) bear none.
 */
export type TaxTreatment = 'none' | 'taxed' | 'reverse_charge' | 'export' | 'exempt';

/** The 27 member states (ISO 3166 codes): one VAT area for intra-community supplies. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** The seller as configured: its country (and region, for a US state's sales tax), or null: no tax. */
export interface TaxSeller {
  country: string;
  region: string | null;
}

/** The buyer as the order is placed: their company's country, VAT ID and exemption, or a private person. */
export interface TaxBuyer {
  /** Null: not known (a private person): taxed where the seller is. */
  country: string | null;
  region: string | null;
  taxId: string | null;
  /** Set when the shop has verified the VAT ID (a VIES check): an unverified ID never avoids the tax. */
  taxIdVerified: boolean;
  /** An approved exemption certificate's number and last valid day ('YYYY-MM-DD'), if the company has one. */
  exemption: { number: string; expiresOn: string } | null;
}

export interface TaxDecision {
  treatment: TaxTreatment;
  /** Where the rates come from when taxed. */
  rateCountry: string | null;
  rateRegion: string | null;
  /** The words an invoice must carry for this treatment, or null. */
  note: string | null;
}

/** The seller's tax area: the EU for a member state, else its own country. */
export const sameTaxArea = (seller: string, country: string): boolean =>
  seller === country || (EU_COUNTRIES.has(seller) && EU_COUNTRIES.has(country));

/** Greece's VAT IDs start with EL; every other member state's with its ISO code. */
const vatPrefixOf = (country: string) => (country === 'GR' ? 'EL' : country);

export const taxNotes = {
  reverseCharge: (taxId: string) =>
    `Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Customer VAT ID ${taxId}.`,
  export: 'Export outside the seller’s tax area: zero-rated supply.',
  exempt: (certificate: { number: string; expiresOn: string }) =>
    `Tax exempt: exemption certificate ${certificate.number}, valid until ${certificate.expiresOn}.`,
} as const;

/**
 * How an order of `buyer` from `seller` is taxed on `day` ('YYYY-MM-DD'), in this order:
 *  1. no seller tax country: no tax;
 *  2. delivered outside the seller's tax area: export, zero-rated;
 *  3. an approved exemption certificate not expired on the day: exempt;
 *  4. a seller in the EU, a buyer in another member state with a verified VAT ID of that state: reverse
 *     charge (an ID not verified fails closed: the seller's VAT is charged);
 *  5. else taxed: at the buyer's country's (and region's) rates when it is the seller's country, at the
 *     seller's own rates for a buyer elsewhere in the EU without a verified ID.
 */
export function decideTax(seller: TaxSeller | null, buyer: TaxBuyer, day: string): TaxDecision {
  const none = { rateCountry: null, rateRegion: null };
  if (!seller) return { treatment: 'none', ...none, note: null };
  const country = buyer.country ?? seller.country;
  if (!sameTaxArea(seller.country, country)) return { treatment: 'export', ...none, note: taxNotes.export };
  if (buyer.exemption && isValidOn({ validFrom: null, validTo: buyer.exemption.expiresOn }, day)) {
    return { treatment: 'exempt', ...none, note: taxNotes.exempt(buyer.exemption) };
  }
  const taxId = buyer.taxId?.toUpperCase().replace(/[\s.-]/g, '') ?? null;
  if (
    country !== seller.country &&
    EU_COUNTRIES.has(seller.country) &&
    taxId !== null &&
    buyer.taxIdVerified &&
    taxId.startsWith(vatPrefixOf(country))
  ) {
    return { treatment: 'reverse_charge', ...none, note: taxNotes.reverseCharge(taxId) };
  }
  // In the seller's country, the buyer's region's rates (a US state's); a buyer whose region is not known
  // is taxed where the seller is. Elsewhere in the EU without a verified ID: the seller's own VAT.
  return country === seller.country
    ? { treatment: 'taxed', rateCountry: country, rateRegion: buyer.region ?? seller.region, note: null }
    : { treatment: 'taxed', rateCountry: seller.country, rateRegion: seller.region, note: null };
}

/** A rate as the shop set it: hundredths of a percent (1900 = 19 %), valid on the days given. */
export interface TaxRate {
  country: string;
  region: string | null;
  category: RatedCategory;
  rateBasisPoints: number;
  name: string;
  validFrom: string;
  validTo: string | null;
}

/**
 * The rate in force for `category` where `decision` says, on `day`: the region's own rate before the
 * country's; undefined when none is set (the caller refuses rather than charge a silent zero).
 */
export function rateFor(
  rates: readonly TaxRate[],
  decision: TaxDecision,
  category: RatedCategory,
  day: string,
): TaxRate | undefined {
  const valid = rates.filter(
    (rate) => rate.country === decision.rateCountry && rate.category === category && isValidOn(rate, day),
  );
  return (
    (decision.rateRegion ? valid.find((rate) => rate.region === decision.rateRegion) : undefined) ??
    valid.find((rate) => rate.region === null)
  );
}

/** The tax on `netCents` at `rateBasisPoints`, in whole cents, rounded half up (never negative). */
export const taxOnCents = (netCents: number, rateBasisPoints: number): number =>
  Math.floor((netCents * rateBasisPoints + 5_000) / 10_000);

/** A line as taxed: its rate (0 when it bears none) and tax in cents. */
export interface TaxedLine {
  rateBasisPoints: number;
  taxCents: number;
}

/** A rate is missing where one must be: the order is refused, never taxed at a silent zero. */
export class MissingTaxRateError extends Error {
  constructor(
    readonly country: string,
    readonly region: string | null,
    readonly category: RatedCategory,
  ) {
    super(
      `No ${category} tax rate is set for ${region ? `${country}-${region}` : country} today: the shop cannot charge this order's tax. Please contact us.`,
    );
  }
}

/** Each line's rate and tax under `decision` (throws MissingTaxRateError where a rate is missing). */
export function taxLines(
  decision: TaxDecision,
  rates: readonly TaxRate[],
  lines: readonly { category: TaxCategory; netCents: number }[],
  day: string,
): TaxedLine[] {
  return lines.map(({ category, netCents }) => {
    if (decision.treatment !== 'taxed' || category === 'exempt') return { rateBasisPoints: 0, taxCents: 0 };
    const rate = rateFor(rates, decision, category, day);
    if (!rate) throw new MissingTaxRateError(decision.rateCountry ?? '', decision.rateRegion, category);
    return { rateBasisPoints: rate.rateBasisPoints, taxCents: taxOnCents(netCents, rate.rateBasisPoints) };
  });
}

/** The invoice's summary: net and tax per rate, the rates in ascending order. */
export function taxSummary(
  lines: readonly { rateBasisPoints: number; netCents: number; taxCents: number }[],
): { rateBasisPoints: number; netCents: number; taxCents: number }[] {
  const byRate = new Map<number, { rateBasisPoints: number; netCents: number; taxCents: number }>();
  for (const line of lines) {
    const row = byRate.get(line.rateBasisPoints) ?? {
      rateBasisPoints: line.rateBasisPoints,
      netCents: 0,
      taxCents: 0,
    };
    row.netCents += line.netCents;
    row.taxCents += line.taxCents;
    byRate.set(line.rateBasisPoints, row);
  }
  return [...byRate.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
}

/** '19 %', '8.25 %'. */
export const formatRate = (rateBasisPoints: number): string =>
  `${(rateBasisPoints / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

/** What each treatment is called where a person reads it. */
export const treatmentLabels: Record<TaxTreatment, string> = {
  none: 'No tax charged',
  taxed: 'Tax',
  reverse_charge: 'Reverse charge (0 %)',
  export: 'Export, zero-rated (0 %)',
  exempt: 'Tax exempt (0 %)',
};
