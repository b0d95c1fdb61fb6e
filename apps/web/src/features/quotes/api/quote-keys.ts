import type { QuoteStatus } from '@forgeline/shared/schema-constants';

/** Query keys of quotes, from one factory: the buyer's list, the admin's list, one quote. */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: () => [...quoteKeys.all, 'list'] as const,
  mine: () => [...quoteKeys.lists(), 'mine'] as const,
  admin: (status?: QuoteStatus) => [...quoteKeys.lists(), 'admin', status ?? 'all'] as const,
  detail: (id: string) => [...quoteKeys.all, 'detail', id] as const,
};
