import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import { linesTotalCents, pricingOf, quoteQuantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import { type Product } from '@forgeline/shared/schemas/product';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import { type Quote } from '@forgeline/shared/schemas/quote';
import { errorProps, Field } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { useOfferQuote } from '../api/change-quote';

/** What the shop sees beside a line: the part's number, its quantity rules and the stock now. */
const partRules = (part: Product) =>
  [
    `Part ${part.sku}`,
    `minimum ${part.minOrder} pcs`,
    part.packSize > 1 ? `packs of ${part.packSize}` : null,
    part.maxOrder !== null ? `cart maximum ${part.maxOrder} pcs` : null,
    `${part.availableQuantiity} pcs in stock`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The shop prices every line and says how long the offer holds. Each line shows its part's rules and
 * stock; the quantity may be revised within the rules (decision 0200); a price not typed starts at the
 * buyer's volume price for the quantity (the cart's `unitPriceCents`), or the price already offered.
 */
export const OfferForm = ({
  quote,
  parts,
}: {
  quote: Quote;
  parts?: ReadonlyMap<string, Product> | undefined;
}) => {
  const offer = useOfferQuote();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(quote.lines.map((line) => [line._id, String(line.quantity)])),
  );
  const [validDays, setValidDays] = useState(String(QUOTE_LIMITS.validDaysDefault));
  const [message, setMessage] = useState('');

  const rows = quote.lines.map((line) => {
    const part = line.productId ? parts?.get(line.productId) : undefined;
    const quantity = Number(quantities[line._id]);
    const pricing = part ? pricingOf(part) : undefined;
    const problem = pricing && quoteQuantityProblem(pricing, quantity);
    const volume = pricing && !problem ? toDollars(unitPriceCents(pricing, quantity)) : undefined;
    const start = line.offeredPrice ?? volume ?? line.listPrice;
    return { line, part, quantity, problem, price: typed[line._id] ?? String(start) };
  });
  // In whole cents, as the server totals the offer: no sum of floating dollars.
  const totalCents = linesTotalCents(
    rows.map((row) => ({ unitCents: toCents(Number(row.price) || 0), quantity: row.quantity || 0 })),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await offer.mutateAsync({
        id: quote._id,
        lines: rows.map(({ line, quantity, price }) => ({
          lineId: line._id,
          price: Number(price),
          ...(quantity !== line.quantity && { quantity }),
        })),
        validDays: Number(validDays),
        message: message.trim() || null,
      });
      setMessage('');
      setTyped({});
      toast.success('The offer is sent to the customer');
    } catch (error) {
      // The server names the line and the rule it broke ('Flange: Order in multiples of 50 pcs.').
      toast.error(errorMessage(error, 'The offer could not be sent'));
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Price this quote"
    >
      <ul className="flex flex-col gap-3">
        {rows.map(({ line, part, problem, price }) => (
          <li key={line._id} className="rounded-box border border-base-300 bg-base-100 p-3">
            <p className="font-medium">
              {line.productName} × {line.quantity}
            </p>
            <p className="text-sm text-base-content/80">
              List $ {formatPrice(line.listPrice)}
              {line.targetPrice !== null ? ` · asked for $ ${formatPrice(line.targetPrice)}` : ''}
            </p>
            <p className="text-sm text-base-content/80" data-testid="part-rules">
              {part
                ? partRules(part)
                : line.productId && !parts
                  ? "Loading the part's rules…"
                  : 'This part is no longer in the catalogue.'}
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Field
                id={`quantity-${line._id}`}
                label={`Quantity for ${line.productName} (pcs)`}
                error={problem?.message}
              >
                <input
                  id={`quantity-${line._id}`}
                  className="input input-bordered w-40"
                  type="number"
                  min={part?.minOrder ?? 1}
                  step={part?.packSize ?? 1}
                  required
                  value={quantities[line._id] ?? ''}
                  {...errorProps(`quantity-${line._id}`, problem?.message)}
                  onChange={(event) => setQuantities((now) => ({ ...now, [line._id]: event.target.value }))}
                />
              </Field>
              <Field id={`price-${line._id}`} label={`Our price per piece for ${line.productName}`}>
                <input
                  id={`price-${line._id}`}
                  className="input input-bordered w-40"
                  type="number"
                  min="0.01"
                  step="0.01"
                  required
                  value={price}
                  onChange={(event) => setTyped((now) => ({ ...now, [line._id]: event.target.value }))}
                />
              </Field>
            </div>
          </li>
        ))}
      </ul>
      <Field id="offer-valid-days" label="Offer valid for (days)">
        <input
          id="offer-valid-days"
          className="input input-bordered w-32"
          type="number"
          min={QUOTE_LIMITS.validDaysMin}
          max={QUOTE_LIMITS.validDaysMax}
          required
          value={validDays}
          onChange={(event) => setValidDays(event.target.value)}
        />
      </Field>
      <Field id="offer-message" label="Message to the customer (optional)">
        <textarea
          id="offer-message"
          className="textarea textarea-bordered"
          maxLength={QUOTE_LIMITS.messageMax}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </Field>
      <p className="font-semibold">Offer total: $ {formatPrice(toDollars(totalCents))}</p>
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={offer.isPending || rows.some((row) => row.problem)}
      >
        {quote.status === 'offered' ? 'Send revised offer' : 'Send offer'}
      </button>
    </form>
  );
};
