import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '@forgeline/shared/audit-actions';
import type { AuditEntry } from '@forgeline/shared/schemas/audit';
import { api, type WithTotal } from '@/lib/api-client';
import { auditKeys } from '@/lib/feature-query-keys';

/** The filters of the audit log page, as they stand in its address. */
export type AuditFilters = {
  action?: AuditAction;
  actor?: string;
  search?: string;
  from?: string;
  to?: string;
  page: number;
};

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit: one page of what admins did, newest first, and how many entries match. */
export const getAudit = (
  filters: AuditFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<WithTotal<AuditEntry[]>> =>
  api.getWithTotal<AuditEntry[]>('/audit', {
    auth: true,
    params: { ...filters, limit: AUDIT_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });

export const useAudit = (filters: AuditFilters) =>
  useQuery(
    queryOptions({
      queryKey: auditKeys.list(filters),
      queryFn: ({ signal }) => getAudit(filters, { signal }),
      placeholderData: keepPreviousData,
    }),
  );
