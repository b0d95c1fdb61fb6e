import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { formatPrice } from '@forgeline/shared/money';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import { type Product } from '@forgeline/shared/schemas/product';
import { Field } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/error-message';
import { useRequestQuote } from '../api/change-quote';

type Line = { key: number; productId: string; quantity: string; targetPrice: string };

let nextKey = 1;
const emptyLine = (): Line => ({ key: nextKey++, productId: '', quantity: '', targetPrice: '' });

/** A request for quote: parts from the catalogue, the quantity wanted, an optional target price, a note. */
export const RequestQuoteForm = ({
  products,
  quoteHref,
}: {
  products: Product[];
  quoteHref: (id: string) => string;
}) => {
  const request = useRequestQuote();
  const navigate = useNavigate();
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [note, setNote] = useState('');
  const byId = new Map(products.map((product) => [product._id, product]));

  const update = (key: number, change: Partial<Line>) =>
    setLines((now) => now.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const quote = await request.mutateAsync({
        lines: lines.map((line) => ({
          productId: line.productId,
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
          const product = byId.get(line.productId);
          return (
            <li
              key={line.key}
              className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-3 md:grid-cols-4"
            >
              <Field id={`quote-part-${line.key}`} label={`Part ${index + 1}`}>
                <select
                  id={`quote-part-${line.key}`}
                  className="select select-bordered w-full"
                  required
                  value={line.productId}
                  onChange={(event) => update(line.key, { productId: event.target.value })}
                >
                  <option value="">Choose a part</option>
                  {products.map((option) => (
                    <option key={option._id} value={option._id}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id={`quote-quantity-${line.key}`}
                label="Quantity (pcs)"
                hint={
                  product
                    ? `Minimum ${product.minOrder} pcs · list $ ${formatPrice(product.price)} / piece`
                    : undefined
                }
              >
                <input
                  id={`quote-quantity-${line.key}`}
                  className="input input-bordered w-full"
                  type="number"
                  min={product?.minOrder ?? 1}
                  step="1"
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
              <div className="flex items-end">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={lines.length === 1}
                  onClick={() => setLines((now) => now.filter((other) => other.key !== line.key))}
                  aria-label={`Remove part ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={lines.length >= QUOTE_LIMITS.linesMax}
        onClick={() => setLines((now) => [...now, emptyLine()])}
      >
        Add another part
      </button>
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
