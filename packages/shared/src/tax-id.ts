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
