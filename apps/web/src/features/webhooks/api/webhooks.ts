import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointBody,
} from '@forgeline/shared/schemas/webhook';
import { api } from '@/lib/api-client';
import { webhookKeys } from '@/lib/feature-query-keys';

/** Whose endpoints: the shop's (admin) or the signed-in company admin's company. */
export type WebhookOwner = 'shop' | 'company';
const pathOf = (owner: WebhookOwner) =>
  owner === 'shop' ? '/webhooks/endpoints' : '/company/webhooks/endpoints';
const one = (owner: WebhookOwner, id: string) => `${pathOf(owner)}/${encodeURIComponent(id)}`;

export const useWebhookEndpoints = (owner: WebhookOwner) =>
  useQuery({
    queryKey: webhookKeys.list({ owner }),
    queryFn: ({ signal }) => api.get<WebhookEndpoint[]>(pathOf(owner), { signal }),
    staleTime: 0,
  });

/** An endpoint's latest deliveries; refreshed every few seconds while open, as the job sends them. */
export const useWebhookDeliveries = (owner: WebhookOwner, id: string) =>
  useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryPage>(`${one(owner, id)}/deliveries?limit=20`, { signal }),
    staleTime: 0,
    refetchInterval: 3_000,
  });

const useWebhookWrite = <Input, Output>(
  owner: WebhookOwner,
  mutationFn: (input: Input) => Promise<Output>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useCreateWebhookEndpoint = (owner: WebhookOwner) =>
  useWebhookWrite(owner, (body: WebhookEndpointBody) => api.post<WebhookEndpoint>(pathOf(owner), body));
export const useDeleteWebhookEndpoint = (owner: WebhookOwner) =>
  useWebhookWrite(owner, (id: string) => api.delete<null>(one(owner, id)));
export const useResumeWebhookEndpoint = (owner: WebhookOwner) =>
  useWebhookWrite(owner, (id: string) => api.post<WebhookEndpoint>(`${one(owner, id)}/resume`, {}));
export const useTestWebhookEndpoint = (owner: WebhookOwner) =>
  useWebhookWrite(owner, (id: string) => api.post<{ messageId: string }>(`${one(owner, id)}/test`, {}));
export const useReplayWebhookMessage = (owner: WebhookOwner) =>
  useWebhookWrite(owner, ({ id, messageId }: { id: string; messageId: string }) =>
    api.post<null>(`${one(owner, id)}/messages/${encodeURIComponent(messageId)}/replay`, {}),
  );
