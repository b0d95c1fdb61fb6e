import type { ComponentProps } from 'react';
import { useQuote } from '../api/get-quotes';
import { QuoteDetail } from './quote-detail';
import { Loading } from '@/components/ui/spinner';

type QuoteViewProps = Omit<ComponentProps<typeof QuoteDetail>, 'quote'> & { id: string };

/** One quote's page, for its buyer or for the shop: loading, 'not found or not yours', then the quote. */
export const QuoteView = ({ id, ...detail }: QuoteViewProps) => {
  const quote = useQuote(id);
  return (
    <section aria-labelledby="dashboard-title">
      {quote.isPending ? (
        <Loading label="Loading the quote" />
      ) : quote.isError ? (
        <div role="alert" className="rounded-box border border-base-300 bg-base-100 p-6">
          <h2 id="dashboard-title" className="text-xl font-bold">
            This quote could not be loaded
          </h2>
          <p>It may not exist, or it is not yours.</p>
        </div>
      ) : (
        <QuoteDetail quote={quote.data} {...detail} />
      )}
    </section>
  );
};
