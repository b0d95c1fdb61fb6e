import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PunchoutDocument,
  PunchoutSession,
  PunchoutSettings,
  PunchoutSettingsBody,
} from '@forgeline/shared/schemas/punchout';
import { api, ApiError } from '@/lib/api-client';
import { punchoutKeys } from '@/lib/feature-query-keys';

/** GET /api/punchout/session: whether the signed-in session is a punchout visit (transfer, not checkout). */
export const usePunchoutSession = (enabled = true) =>
  useQuery({
    queryKey: punchoutKeys.detail('session'),
    queryFn: ({ signal }) => api.get<PunchoutSession>('/punchout/session', { signal }),
    enabled,
  });

const settingsPath = (companyId: string) => `/companies/${encodeURIComponent(companyId)}/punchout`;

/** GET /api/companies/:id/punchout (admin): the settings, or null while punchout is not set up. */
export const usePunchoutSettings = (companyId: string) =>
  useQuery({
    queryKey: punchoutKeys.detail(companyId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<PunchoutSettings>(settingsPath(companyId), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** PUT /api/companies/:id/punchout (admin). */
export const useSavePunchoutSettings = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PunchoutSettingsBody) => api.put<PunchoutSettings>(settingsPath(companyId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: punchoutKeys.detail(companyId) }),
  });
};

/** GET /api/companies/:id/punchout/documents (admin): the newest documents in and out. */
export const usePunchoutDocuments = (companyId: string) =>
  useQuery({
    queryKey: punchoutKeys.list({ companyId }),
    queryFn: ({ signal }) =>
      api.get<PunchoutDocument[]>(`${settingsPath(companyId)}/documents?limit=50`, { signal }),
    staleTime: 0,
  });
