import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterSubscriber } from '@forgeline/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { newsletterKeys } from '@/lib/feature-query-keys';

/** GET /api/newsletter (admins, bearer): the subscribers, newest first. */
export const getSubscribers = ({ signal }: { signal?: AbortSignal } = {}): Promise<NewsletterSubscriber[]> =>
  api.get<NewsletterSubscriber[]>('/newsletter', { auth: true, ...(signal && { signal }) });

export const getSubscribersQueryOptions = () =>
  queryOptions({ queryKey: newsletterKeys.lists(), queryFn: ({ signal }) => getSubscribers({ signal }) });

export const useSubscribers = () => useQuery(getSubscribersQueryOptions());
