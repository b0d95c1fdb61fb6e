import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@forgeline/shared/schemas/contact';
import { api } from '@/lib/api-client';
import { contactKeys } from '@/lib/feature-query-keys';

/** GET /api/contact (admins, bearer): the messages of the contact form, newest first. */
export const getContactMessages = ({ signal }: { signal?: AbortSignal } = {}): Promise<ContactMessage[]> =>
  api.get<ContactMessage[]>('/contact', { auth: true, ...(signal && { signal }) });

export const getContactMessagesQueryOptions = () =>
  queryOptions({ queryKey: contactKeys.lists(), queryFn: ({ signal }) => getContactMessages({ signal }) });

export const useContactMessages = () => useQuery(getContactMessagesQueryOptions());
