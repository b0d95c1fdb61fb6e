import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { QuoteStatusBadge } from './quote-status';
import { formatDay } from '@/lib/format-date';

/** Quotes as cards: readable on a phone, every quote one tap from its page. */
export const QuotesList = ({
  quotes,
  hrefOf,
  showBuyer = false,
}: {
  quotes: Quote[];
  hrefOf: (id: string) => string;
  showBuyer?: boolean;
}) => (
  <ul className="grid gap-3 md:grid-cols-2" aria-label="Quotes">
    {quotes.map((quote) => (
      <li
        key={quote._id}
        className="rounded-box border border-base-300 bg-base-100 p-4"
        data-testid="quote-card"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link to={hrefOf(quote._id)} className="link link-primary font-semibold">
            Quote {quote.number}
          </Link>
          <QuoteStatusBadge quote={quote} />
        </div>
        {showBuyer ? <p className="mt-1 break-all text-sm">{quote.buyerEmail}</p> : null}
        <p className="mt-1 text-sm text-base-content/80">
          Asked {formatDay(quote.createdAt)} · {quote.lines.length}{' '}
          {quote.lines.length === 1 ? 'part' : 'parts'}
          {quote.total !== null ? ` · $ ${formatPrice(quote.total)}` : ''}
        </p>
      </li>
    ))}
  </ul>
);
