import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import type { Product } from '@forgeline/shared/schemas/product';
import { Field } from '@/components/ui/form-field';
import { AddPartButton, RemovePartButton } from '@/components/ui/part-line-buttons';
import { errorMessage } from '@/lib/error-message';
import { useRequestQuote } from '../api/change-quote';
import { PartCombobox, type SearchParts } from '@/components/ui/part-combobox';

type Line = { key: number; part: Product | null; quantity: string; targetPrice: string };

let nextKey = 1;
const emptyLine = (): Line => ({ key: nextKey++, part: null, quantity: '', targetPrice: '' });

/**
 * A request for quote: parts found by part number or name, the quantity wanted, an optional target price,
 * a note. Any quantity of whole packs from the minimum up: past the cart's maximum too (decision 0200).
 */
export const RequestQuoteForm = ({
  searchParts,
  quoteHref,
}: {
  searchParts: SearchParts;
  quoteHref: (id: string) => string;
}) => {
  const request = useRequestQuote();
  const navigate = useNavigate();
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [note, setNote] = useState('');

  const update = (key: number, change: Partial<Line>) =>
    setLines((now) => now.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const unchosen = lines.findIndex((line) => !line.part);
    if (unchosen >= 0) {
      toast.error(`Part ${unchosen + 1}: choose a part from the list`);
      return;
    }
    try {
      const quote = await request.mutateAsync({
        lines: lines.map((line) => ({
          productId: line.part?._id ?? '',
          quantity: Number(line.quantity),
          targetPrice: line.targetPrice ? Number(line.targetPrice) : null,
        })),
        note: note.trim() || null,
      });
      toast.success(`Quote ${quote.number} is requested: we will e-mail you when it is priced`);
      void navigate(quoteHref(quote._id));
    } catch (error) {
      // The server names the line and the rule it broke ('You can't order less than 100 pcs !').
      toast.error(errorMessage(error, 'The quote could not be requested'));
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
      aria-label="Request a quote"
    >
      <ol className="flex flex-col gap-3">
        {lines.map((line, index) => {
          const product = line.part;
          return (
            <li
              key={line.key}
              className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-3 md:grid-cols-4"
            >
              <Field id={`quote-part-${line.key}`} label={`Part ${index + 1}`}>
                <PartCombobox
                  id={`quote-part-${line.key}`}
                  selected={line.part}
                  onSelect={(part) => update(line.key, { part })}
                  search={searchParts}
                />
              </Field>
              <Field
                id={`quote-quantity-${line.key}`}
                label="Quantity (pcs)"
                hint={
                  product
                    ? [
                        `Minimum ${product.minOrder} pcs`,
                        product.packSize > 1 ? `packs of ${product.packSize}` : null,
                        `list $ ${formatPrice(product.price)} / piece`,
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : undefined
                }
              >
                <input
                  id={`quote-quantity-${line.key}`}
                  className="input input-bordered w-full"
                  type="number"
                  min={product?.minOrder ?? 1}
                  step={product?.packSize ?? 1}
                  required
                  value={line.quantity}
                  onChange={(event) => update(line.key, { quantity: event.target.value })}
                />
              </Field>
              <Field id={`quote-target-${line.key}`} label="Target price per piece (optional)">
                <input
                  id={`quote-target-${line.key}`}
                  className="input input-bordered w-full"
                  type="number"
                  min="0.01"
                  step="0.01"
                  value={line.targetPrice}
                  onChange={(event) => update(line.key, { targetPrice: event.target.value })}
                />
              </Field>
              <RemovePartButton
                index={index}
                disabled={lines.length === 1}
                onRemove={() => setLines((now) => now.filter((other) => other.key !== line.key))}
              />
            </li>
          );
        })}
      </ol>
      <AddPartButton
        disabled={lines.length >= QUOTE_LIMITS.linesMax}
        onAdd={() => setLines((now) => [...now, emptyLine()])}
      />
      <Field id="quote-note" label="Note for our sales team (optional)">
        <textarea
          id="quote-note"
          className="textarea textarea-bordered"
          maxLength={QUOTE_LIMITS.noteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
      <button type="submit" className="btn btn-primary self-start" disabled={request.isPending}>
        Request quote
      </button>
    </form>
  );
};
