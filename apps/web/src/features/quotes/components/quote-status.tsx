import type { Quote } from '@forgeline/shared/schemas/quote';
import { formatDay } from '@/lib/format-date';

/** What a quote's state means for the reader, in words (never a bare code). */
export const quoteStatusText = (quote: Quote): string => {
  switch (quote.status) {
    case 'requested':
      return 'Waiting for our prices';
    case 'offered':
      return `Offer valid until ${formatDay(quote.expiresAt!)}`;
    case 'accepted':
      return 'Accepted';
    case 'declined':
      return 'Declined';
    case 'expired':
      return 'Expired';
  }
};

const BADGE: Record<Quote['status'], string> = {
  requested: 'badge-warning',
  offered: 'badge-info',
  accepted: 'badge-success',
  declined: 'badge-ghost',
  expired: 'badge-ghost',
};

export const QuoteStatusBadge = ({ quote }: { quote: Quote }) => (
  <span className={`badge h-auto whitespace-normal py-1 ${BADGE[quote.status]}`}>
    {quoteStatusText(quote)}
  </span>
);
