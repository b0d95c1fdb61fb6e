import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import { toast } from '@/lib/toast';
import { treatmentLabels } from '@forgeline/shared/tax';
import { formatPrice } from '@forgeline/shared/money';
import type { Product } from '@forgeline/shared/schemas/product';
import { QUOTE_LIMITS } from '@forgeline/shared/schema-constants';
import type { PaymentTerms } from '@forgeline/shared/schemas/payment-terms';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { paths } from '@/config/paths';
import { Loading } from '@/components/ui/spinner';
import { Field } from '@/components/ui/form-field';
import { TableRegion } from '@/components/ui/table-region';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { useDeclineQuote, useSendQuoteMessage } from '../api/change-quote';
import type { BuyerContact } from './accept-offer';
import { QuoteStatusBadge } from './quote-status';
import { OfferForm } from './offer-form';
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
