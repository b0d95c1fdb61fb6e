import { centsFigure } from '@forgeline/shared/money';
import { CURRENCY, type TransferLine } from './cxml.ts';

/**
 * The SAP OCI 4.0 NEW_ITEM fields of a cart, one index per line from 1: what HOOK_URL receives as a form
 * post. The price is for PRICEUNIT pieces (1); the part number travels as the vendor's material number.
 */
export function ociFields(lines: readonly TransferLine[]): [string, string][] {
  return lines.flatMap((line, i) => {
    const n = `[${i + 1}]`;
    return [
      [`NEW_ITEM-DESCRIPTION${n}`, line.name.slice(0, 40)],
      [`NEW_ITEM-QUANTITY${n}`, String(line.quantity)],
      [`NEW_ITEM-UNIT${n}`, 'EA'],
      [`NEW_ITEM-PRICE${n}`, centsFigure(line.unitCents)],
      [`NEW_ITEM-PRICEUNIT${n}`, '1'],
      [`NEW_ITEM-CURRENCY${n}`, CURRENCY],
      [`NEW_ITEM-VENDORMAT${n}`, line.sku ?? ''],
      [`NEW_ITEM-EXT_PRODUCT_ID${n}`, line.productId],
      [`NEW_ITEM-LONGTEXT_${i + 1}:132[]`, line.name],
    ] satisfies [string, string][];
  });
}

/** An OCI entry's parameters, whatever their case (systems send `username`, `USERNAME`, `HOOK_URL`). */
export function readOciEntry(params: Record<string, unknown>) {
  const byName = new Map(
    Object.entries(params).flatMap(([key, value]) =>
      typeof value === 'string' ? [[key.toLowerCase(), value] as const] : [],
    ),
  );
  return {
    username: byName.get('username') ?? '',
    password: byName.get('password') ?? '',
    hookUrl: byName.get('hook_url') ?? '',
  };
}
