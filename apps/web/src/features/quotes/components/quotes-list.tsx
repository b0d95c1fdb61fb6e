import { Link } from '@/components/ui/link';
import { CardList, type CardLook } from '@/components/ui/card-list';
import { formatPrice } from '@forgeline/shared/money';
import type { Quote } from '@forgeline/shared/schemas/quote';
import { QuoteStatusBadge } from './quote-status';
import { formatDay } from '@/lib/format-date';

const QUOTE_CARDS: CardLook = {
  list: 'grid gap-3 md:grid-cols-2',
  card: 'rounded-box border border-base-300 bg-base-100 p-4',
};

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
  <CardList items={quotes} label="Quotes" testId="quote-card" look={QUOTE_CARDS}>
    {(quote) => (
      <>
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
      </>
    )}
  </CardList>
);
