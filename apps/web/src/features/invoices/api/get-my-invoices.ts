import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import { api } from '@/lib/api-client';

export const invoiceKeys = { all: ['invoices'] as const, mine: () => [...invoiceKeys.all, 'mine'] as const };

/** GET /api/myInvoices: the buyer's invoices and credit notes, newest first. */
export const getMyInvoices = (signal?: AbortSignal): Promise<InvoiceSummary[]> =>
  api.get<InvoiceSummary[]>('/myInvoices', { auth: true, ...(signal ? { signal } : {}) });

export const useMyInvoices = () =>
  useQuery(queryOptions({ queryKey: invoiceKeys.mine(), queryFn: ({ signal }) => getMyInvoices(signal) }));
