import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyPaymentTerms,
  PaymentTerms,
  PaymentTermsBody,
  TermsInvoice,
} from '@forgeline/shared/schemas/payment-terms';
import { api } from '@/lib/api-client';
import { orderKeys, termsKeys } from '@/lib/feature-query-keys';

/** GET /api/myTerms: whether the checkout offers 'Pay by invoice', and the credit still available. */
export const useMyTerms = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: termsKeys.mine(),
      queryFn: ({ signal }) => api.get<MyPaymentTerms>('/myTerms', { auth: true, signal }),
      enabled,
    }),
  );

/** GET /api/users/:id/terms (admin). */
export const useUserTerms = (userId: string) =>
  useQuery(
    queryOptions({
      queryKey: termsKeys.ofUser(userId),
      queryFn: ({ signal }) =>
        api.get<PaymentTerms>(`/users/${encodeURIComponent(userId)}/terms`, { auth: true, signal }),
    }),
  );

/** PATCH /api/users/:id/terms (admin): approve, change or withdraw a customer's terms. */
export const useSetUserTerms = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentTermsBody) =>
      api.patch<PaymentTerms & { modifiedCount: number }>(
        `/users/${encodeURIComponent(userId)}/terms`,
        body,
        { auth: true },
      ),
    onSuccess: (terms) => queryClient.setQueryData(termsKeys.ofUser(userId), terms),
  });
};

/** GET /api/termsInvoices (admin): invoices on terms with something unpaid; only overdue ones if asked. */
export const useTermsInvoices = (overdue: boolean) =>
  useQuery(
    queryOptions({
      queryKey: termsKeys.invoices(overdue),
      queryFn: ({ signal }) =>
        api.get<TermsInvoice[]>(`/termsInvoices${overdue ? '?overdue=true' : ''}`, { auth: true, signal }),
    }),
  );

/** POST /api/checkouts/:id/mark-paid (admin): the transfer arrived, with this reference. */
export const useMarkPaid = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ checkoutId, reference }: { checkoutId: string; reference: string }) =>
      api.post<{ modifiedCount: number }>(
        `/checkouts/${encodeURIComponent(checkoutId)}/mark-paid`,
        { reference },
        { auth: true },
      ),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: termsKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]);
    },
  });
};
