import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { treatmentLabels } from '@forgeline/shared/tax';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import { pricingOf, quoteQuantityProblem, unitPriceCents } from '@forgeline/shared/pricing';
import { type Product } from '@forgeline/shared/schemas/product';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import { type PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import { type Quote } from '@forgeline/shared/schemas/quote';
import { paths } from '@/config/paths';
import { Loading } from '@/components/ui/spinner';
import { errorProps, Field } from '@/components/ui/form-field';
import { TableRegion } from '@/components/ui/table-region';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { useDeclineQuote, useOfferQuote, useSendQuoteMessage } from '../api/change-quote';
import type { BuyerContact } from './accept-offer';
import { QuoteStatusBadge } from './quote-status';
import { formatDay } from '@/lib/format-date';

// Only a buyer looking at an open offer needs the accept form (and its form and schema libraries):
// loaded then, so the quote pages stay small for everyone else.
const AcceptOffer = lazy(() => import('./accept-offer'));

const isOpen = (quote: Quote) => quote.status === 'requested' || quote.status === 'offered';

/** One quote: its lines, its conversation, and what the reader may do now (the buyer or the shop). */
export const QuoteDetail = ({
  quote,
  viewer,
  contact,
  terms,
  parts,
}: {
  quote: Quote;
  viewer: 'buyer' | 'seller';
  /** The shop's view: each line's part as the catalogue has it now, by product id (absent while loading). */
  parts?: ReadonlyMap<string, Product> | undefined;
  /** The buyer's payment terms: an approved buyer may accept on invoice. */
  terms?: PaymentTerms | undefined;
  /** The buyer's profile address and phone, which accepting an offer starts from (undefined while loading). */
  contact?: BuyerContact | undefined;
}) => (
  <div className="flex flex-col gap-6">
    <header className="flex flex-wrap items-center gap-3">
      <h2 id="dashboard-title" className="text-2xl font-bold">
        Quote {quote.number}
      </h2>
      <QuoteStatusBadge quote={quote} />
      {quote.pdfUrl ? (
        <a className="btn btn-outline btn-sm" href={quote.pdfUrl} download>
          Download PDF
        </a>
      ) : null}
    </header>
    <p className="text-sm text-base-content/80">
      Asked by {quote.buyerName} (<span className="break-all">{quote.buyerEmail}</span>) on{' '}
      {formatDay(quote.createdAt)}
      {quote.note ? (
        <>
          <br />
          Note: {quote.note}
        </>
      ) : null}
    </p>
    {viewer === 'seller' && isOpen(quote) ? (
      <OfferForm quote={quote} parts={parts} />
    ) : (
      <QuoteLines quote={quote} />
    )}
    {viewer === 'buyer' && quote.status === 'offered' ? (
      <Suspense fallback={<Loading label="Loading the accept form" />}>
        <AcceptOffer quote={quote} contact={contact} terms={terms} />
      </Suspense>
    ) : null}
    {viewer === 'buyer' && quote.status === 'accepted' && quote.checkoutId ? (
      <p>
        You accepted this offer.{' '}
        <Link className="link link-primary" to={paths.checkoutPay.getHref(quote.checkoutId)}>
          See the order and pay it
        </Link>
      </p>
    ) : null}
    {viewer === 'buyer' && isOpen(quote) ? <BuyerActions quote={quote} /> : null}
    <Conversation quote={quote} />
  </div>
);

const QuoteLines = ({ quote }: { quote: Quote }) => (
  <TableRegion label="Quote lines">
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Part</th>
          <th scope="col">Quantity</th>
          <th scope="col">List price</th>
          <th scope="col">Target</th>
          <th scope="col">Our price</th>
          <th scope="col">Line total</th>
        </tr>
      </thead>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line._id}>
            <td className="font-medium">{line.productName}</td>
            <td>{line.quantity}</td>
            <td className="whitespace-nowrap">$ {formatPrice(line.listPrice)}</td>
            <td className="whitespace-nowrap">
              {line.targetPrice === null ? '—' : `$ ${formatPrice(line.targetPrice)}`}
            </td>
            <td className="whitespace-nowrap">
              {line.offeredPrice === null ? 'Not priced yet' : `$ ${formatPrice(line.offeredPrice)}`}
            </td>
            <td className="whitespace-nowrap">
              {line.lineTotal === null ? '—' : `$ ${formatPrice(line.lineTotal)}`}
            </td>
          </tr>
        ))}
      </tbody>
      {quote.total !== null ? (
        <tfoot>
          <tr>
            <th scope="row" colSpan={5} className="text-right">
              {quote.tax ? 'Net total' : 'Total'}
            </th>
            <td className="whitespace-nowrap font-bold">$ {formatPrice(quote.total)}</td>
          </tr>
          {quote.tax ? (
            <>
              <tr>
                <th scope="row" colSpan={5} className="text-right">
                  {quote.tax.treatment === 'taxed' ? 'Tax' : treatmentLabels[quote.tax.treatment]}
                </th>
                <td className="whitespace-nowrap">$ {formatPrice(quote.tax.tax)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={5} className="text-right">
                  Total with tax
                </th>
                <td className="whitespace-nowrap font-bold" data-testid="quote-gross">
                  $ {formatPrice(quote.tax.totalWithTax)}
                </td>
              </tr>
            </>
          ) : null}
        </tfoot>
      ) : null}
    </table>
  </TableRegion>
);

const BuyerActions = ({ quote }: { quote: Quote }) => {
  const decline = useDeclineQuote();
  const onDecline = async () => {
    if (!(await confirmDialog('Yes, decline it!'))) return;
    try {
      await decline.mutateAsync(quote._id);
      toast.success('The quote is declined');
    } catch (error) {
      toast.error(errorMessage(error, 'The quote could not be declined'));
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      {quote.status === 'offered' ? (
        <p className="text-sm">
          The offer holds until {quote.expiresAt ? formatDay(quote.expiresAt) : 'its expiry'}.
        </p>
      ) : (
        <p className="text-sm">We will e-mail you when the prices are ready.</p>
      )}
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={decline.isPending}
        onClick={() => void onDecline()}
      >
        Decline quote
      </button>
    </div>
  );
};

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
const OfferForm = ({ quote, parts }: { quote: Quote; parts?: ReadonlyMap<string, Product> | undefined }) => {
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
  const total = rows.reduce((sum, row) => sum + (Number(row.price) || 0) * (row.quantity || 0), 0);

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
      <p className="font-semibold">Offer total: $ {formatPrice(toDollars(toCents(total)))}</p>
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

const Conversation = ({ quote }: { quote: Quote }) => {
  const send = useSendQuoteMessage();
  const [body, setBody] = useState('');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await send.mutateAsync({ id: quote._id, body });
      setBody('');
    } catch (error) {
      toast.error(errorMessage(error, 'The message could not be sent'));
    }
  };
  return (
    <section aria-labelledby="quote-messages" className="flex flex-col gap-3">
      <h3 id="quote-messages" className="text-lg font-semibold">
        Messages
      </h3>
      {quote.messages.length === 0 ? <p className="text-sm">No messages yet.</p> : null}
      <ol className="flex flex-col gap-2">
        {quote.messages.map((message) => (
          <li
            key={message._id}
            className={`rounded-box p-3 ${message.author === 'seller' ? 'bg-base-200' : 'border border-base-300 bg-base-100'}`}
          >
            <p className="text-xs font-semibold">
              {message.author === 'seller' ? `${message.authorName} (Forgeline)` : message.authorName} ·{' '}
              {formatDay(message.createdAt)}
            </p>
            <p className="whitespace-pre-line break-words">{message.body}</p>
          </li>
        ))}
      </ol>
      {isOpen(quote) ? (
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-2">
          <Field id="quote-message" label="Write a message">
            <textarea
              id="quote-message"
              className="textarea textarea-bordered"
              maxLength={QUOTE_LIMITS.messageMax}
              required
              value={body}
              onChange={(event) => setBody(event.target.value)}
            />
          </Field>
          <button
            type="submit"
            className="btn btn-outline btn-sm self-start"
            disabled={send.isPending || !body.trim()}
          >
            Send message
          </button>
        </form>
      ) : null}
    </section>
  );
};
