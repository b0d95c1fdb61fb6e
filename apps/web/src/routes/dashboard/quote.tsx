import { useQueries } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Product } from '@forgeline/shared/schemas/product';
import { getProductQueryOptions } from '@/features/products/api/get-product';
import { useQuote } from '@/features/quotes/api/get-quotes';
import { QuoteView } from '@/features/quotes/components/quote-view';

/**
 * /dashboard/quotes/:id, admins only: price a quote, talk with the buyer. Each line's part is read from
 * the catalogue as it is now, so that the offer form shows its rules, its stock and its volume price.
 */
const QuoteRoute = () => {
  const id = useParams().id ?? '';
  const productIds = [
    ...new Set((useQuote(id).data?.lines ?? []).flatMap((line) => (line.productId ? [line.productId] : []))),
  ];
  const parts = useQueries({
    queries: productIds.map((productId) => getProductQueryOptions(productId)),
    combine: (results) =>
      results.every((result) => !result.isPending)
        ? new Map(
            results.flatMap((result): [string, Product][] =>
              result.data ? [[result.data._id, result.data]] : [],
            ),
          )
        : undefined,
  });
  return <QuoteView id={id} viewer="seller" parts={parts} />;
};

export default QuoteRoute;
