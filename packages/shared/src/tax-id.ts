import { checkVAT, countries } from 'jsvat';

/** The countries whose VAT numbers jsvat knows, by the two letters a VAT ID starts with (Greece: EL). */
const vatPrefixes = new Map(
  countries.flatMap((country) => {
    const code = country.codes[0] ?? '';
    return [[code === 'GR' ? 'EL' : code, country.name] as const];
  }),
);

/**
 * Why a tax ID (spaces and dots already removed, upper case) cannot be right, or null. A VAT ID of a
 * country jsvat knows (the EU's, the UK's, Switzerland's, Norway's…) must pass its format and check
 * digits; any other tax ID (a US EIN, a GSTIN…) must look like one: 4 to 30 letters, digits, '-' or '/'.
 */
export function taxIdProblem(taxId: string): string | null {
  const country = vatPrefixes.get(taxId.slice(0, 2));
  if (country !== undefined) {
    return checkVAT(taxId, countries).isValid
      ? null
      : `This is not a valid VAT ID for ${country}: please check its digits.`;
  }
  return /^[A-Z0-9][A-Z0-9/-]{3,29}$/.test(taxId)
    ? null
    : 'A tax ID has 4 to 30 letters, digits, dashes or slashes.';
}

/** Greece's VAT IDs start with EL; every other member state's with its ISO code. */
const EU_STATES = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/**
 * Why a company in `country` cannot have this tax ID, or null: an EU company's VAT ID starts with its own
 * state's prefix (EL for Greece), since reverse charge reads the buyer's state from it (decision 0231).
 */
export function taxIdCountryProblem(taxId: string | null, country: string | null): string | null {
  if (!taxId || !country || !EU_STATES.has(country)) return null;
  const prefix = country === 'GR' ? 'EL' : country;
  return taxId.startsWith(prefix)
    ? null
    : `A VAT ID of a company in ${country} starts with ${prefix}: this one starts with ${taxId.slice(0, 2)}.`;
}
