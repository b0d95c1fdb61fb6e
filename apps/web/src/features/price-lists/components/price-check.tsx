import { useId, useState } from 'react';
import { formatPrice } from '@forgeline/shared/money';
import type { PriceExplanation } from '@forgeline/shared/schemas/price-list';
import { errorMessage } from '@/lib/error-message';
import { usePriceCheck } from '../api/price-lists';
import { formatBreaks } from '../breaks';

/** In words: where the company's price comes from. */
export const sourceWords = (answer: PriceExplanation) => {
  const source = answer.source;
  if (source.kind === 'list-price') return 'The list price: no price list of theirs prices this part.';
  return source.basis === 'fixed'
    ? `${source.listName}: its own price for this part.`
    : `${source.listName}: ${source.percentOff} % off the list price.`;
};

const Answer = ({ answer }: { answer: PriceExplanation }) => (
  <div className="flex flex-col gap-1" data-testid="price-check-answer">
    <p>
      <span className="font-mono">{answer.product.sku}</span> · {answer.product.name}
    </p>
    <p className="text-lg">
      <strong data-testid="price-check-price">$ {formatPrice(answer.unitPrice)}</strong> a piece
      {answer.quantity ? ` for ${answer.quantity}` : ''}
      {answer.unitPrice !== answer.listPrice ? (
        <span className="text-base-content/75">
          {' '}
          (list price <s>$ {formatPrice(answer.listPrice)}</s>)
        </span>
      ) : null}
    </p>
    <p data-testid="price-check-why">{sourceWords(answer)}</p>
    {answer.breakInForce ? (
      <p>
        Break in force: from {answer.breakInForce.minQuantity} pcs, $ {formatPrice(answer.breakInForce.price)}
        .
      </p>
    ) : null}
    {answer.tiers.length > 0 ? <p className="text-sm">Their breaks: {formatBreaks(answer.tiers)}</p> : null}
    {!answer.visible ? (
      <p className="text-warning">They do not see this part: it is restricted or hidden from them.</p>
    ) : null}
    {answer.considered.length > 0 ? (
      <ul className="list-disc pl-5 text-sm text-base-content/75">
        {answer.considered.map((row) => (
          <li key={row.listName}>
            {row.listName}: {row.outcome}
          </li>
        ))}
      </ul>
    ) : null}
  </div>
);

/** 'Price check': a part number and a quantity → the company's price today, and why. */
export const PriceCheck = ({ companyId }: { companyId: string }) => {
  const id = useId();
  const [part, setPart] = useState('');
  const [quantity, setQuantity] = useState('');
  const [asked, setAsked] = useState<{ part: string; quantity: number | null }>({ part: '', quantity: null });
  const check = usePriceCheck(companyId, asked.part, asked.quantity);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Price check
      </h3>
      <form
        aria-label="Price check"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const pieces = Math.trunc(Number(quantity));
          setAsked({ part: part.trim(), quantity: pieces >= 1 ? pieces : null });
        }}
      >
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-part`}>
          <span className="font-semibold">Part number</span>
          <input
            id={`${id}-part`}
            className="input input-sm"
            value={part}
            onChange={(e) => setPart(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-quantity`}>
          <span className="font-semibold">Quantity</span>
          <input
            id={`${id}-quantity`}
            className="input input-sm w-24"
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-sm">
          Check price
        </button>
      </form>
      <div aria-live="polite">
        {check.isFetching ? <p>Checking…</p> : null}
        {check.isError ? (
          <p role="alert" className="text-error">
            {errorMessage(check.error, 'The price could not be checked.')}
          </p>
        ) : null}
        {check.data && !check.isFetching ? <Answer answer={check.data} /> : null}
      </div>
    </section>
  );
};
