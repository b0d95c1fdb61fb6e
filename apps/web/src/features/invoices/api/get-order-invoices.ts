import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { api } from '@/lib/api-client';
import { invoiceKeys } from './get-my-invoices';

/** GET /api/order/:id/invoices: an order's invoice and credit note (its buyer's, or any for an admin). */
export const useOrderInvoices = (orderId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...invoiceKeys.all, 'order', orderId] as const,
      queryFn: ({ signal }) =>
        api.get<InvoiceSummary[]>(`/order/${encodeURIComponent(orderId)}/invoices`, { auth: true, signal }),
    }),
  );
