import { useState } from 'react';
import {
  COMPANY_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@forgeline/shared/webhooks';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointBodyInput,
} from '@forgeline/shared/schemas/webhook';
import { Alert, DANGER_BUTTON_CLASS, ERROR_TEXT_CLASS } from '@/components/ui/alert';
import { CardForm } from '@/components/ui/card-form';
import { FormField } from '@/components/ui/form-field';
import { ListQueryState, QueryState } from '@/components/ui/query-state';
import { SubmitButton } from '@/components/ui/submit-button';
import { confirmDialog } from '@/lib/dialogs';
import { errorMessage } from '@/lib/error-message';
import { formatMoment } from '@/lib/format-date';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useSchemaForm } from '@/lib/use-schema-form';
import { toast } from '@/lib/toast';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useReplayWebhookMessage,
  useResumeWebhookEndpoint,
  useTestWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type WebhookOwner,
} from '../api/webhooks';

const resolvers = {
  shop: lazyZodResolver(() => import('../schemas').then((schemas) => schemas.ShopWebhookEndpointBodySchema)),
  company: lazyZodResolver(() =>
    import('../schemas').then((schemas) => schemas.CompanyWebhookEndpointBodySchema),
  ),
};
const EVENTS: Record<WebhookOwner, readonly WebhookEventType[]> = {
  shop: WEBHOOK_EVENT_TYPES,
  company: COMPANY_WEBHOOK_EVENT_TYPES,
};

/**
 * Webhooks (decision 0260): endpoints that receive signed events, their deliveries with status code and
 * timing, replay of one, resume of a paused endpoint. The shop's admin manages the shop's endpoints; a
 * company admin the company's, which hear only of the company's own orders, invoices and quotes.
 */
export const WebhooksPanel = ({ owner }: { owner: WebhookOwner }) => {
  const endpoints = useWebhookEndpoints(owner);
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-3xl text-sm text-base-content/75">
        {owner === 'shop'
          ? 'Your ERP hears of orders, payments, shipments, invoices, quotes, low stock and product changes as they happen.'
          : 'Your systems hear of your company’s orders, payments, shipments, invoices and quotes as they happen.'}{' '}
        Each delivery is signed per Standard Webhooks (headers webhook-id, webhook-timestamp,
        webhook-signature) with the endpoint’s secret, retried with backoff, and delivered in order.
      </p>
      <EndpointForm owner={owner} />
      <ListQueryState query={endpoints} subject="the webhook endpoints" empty="No webhook endpoints yet.">
        {(data) => (
          <ul className="flex flex-col gap-3" aria-label="Webhook endpoints">
            {data.map((endpoint) => (
              <EndpointItem key={endpoint.id} owner={owner} endpoint={endpoint} />
            ))}
          </ul>
        )}
      </ListQueryState>
    </div>
  );
};

const EndpointForm = ({ owner }: { owner: WebhookOwner }) => {
  const create = useCreateWebhookEndpoint(owner);
  const { register, formState, reset, field, submit } = useSchemaForm<
    WebhookEndpointBodyInput,
    WebhookEndpointBody
  >(resolvers[owner], { defaultValues: { url: '', description: '', eventTypes: [] } });
  const errors = formState.errors;
  const add = submit(async (body) => {
    await create.mutateAsync(body);
    toast.success('The endpoint is added.');
    reset();
  }, 'The endpoint could not be added.');
  return (
    <CardForm {...add} aria-label="Add a webhook endpoint" title="Add an endpoint" className="max-w-xl">
      <FormField
        label="URL"
        type="url"
        hint="A public https address of your system."
        maxLength={2000}
        {...field('url')}
      />
      <FormField
        label="Description"
        hint="Optional, e.g. ERP orders."
        maxLength={120}
        {...field('description')}
      />
      <fieldset className="flex flex-col gap-1" aria-describedby="webhook-events-error">
        <legend className="text-sm font-semibold">Events</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {EVENTS[owner].map((type) => (
            <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm mt-0.5"
                value={type}
                {...register('eventTypes')}
              />
              <span>
                {WEBHOOK_EVENT_LABELS[type]} <span className="font-mono text-xs">{type}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.eventTypes?.message ? (
          <p id="webhook-events-error" className={ERROR_TEXT_CLASS}>
            {errors.eventTypes.message}
          </p>
        ) : null}
      </fieldset>
      <Alert>{errors.root?.message}</Alert>
      <SubmitButton isLoading={formState.isSubmitting}>Add endpoint</SubmitButton>
    </CardForm>
  );
};

const EndpointItem = ({ owner, endpoint }: { owner: WebhookOwner; endpoint: WebhookEndpoint }) => {
  const [open, setOpen] = useState(false);
  const [showSecret, setShowSecret] = useState(false);
  const remove = useDeleteWebhookEndpoint(owner);
  const resume = useResumeWebhookEndpoint(owner);
  const test = useTestWebhookEndpoint(owner);
  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };
  const onDelete = async () => {
    if (!(await confirmDialog('Yes, delete it', `${endpoint.url} hears no more events.`))) return;
    await act(
      () => remove.mutateAsync(endpoint.id),
      'The endpoint is deleted.',
      'The endpoint could not be deleted.',
    );
  };
  return (
    <li
      data-testid="webhook-endpoint"
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-mono text-sm font-semibold break-all">{endpoint.url}</p>
          {endpoint.description ? <p className="text-sm break-words">{endpoint.description}</p> : null}
          <p className="text-xs break-words text-base-content/70">{endpoint.eventTypes.join(', ')}</p>
        </div>
        <span
          className={`badge shrink-0 ${endpoint.status === 'paused' ? 'badge-warning' : 'badge-success'}`}
          data-testid="webhook-status"
        >
          {endpoint.status === 'paused' ? 'Paused' : 'Active'}
          {endpoint.waiting > 0 ? ` · ${endpoint.waiting} waiting` : ''}
        </span>
      </div>
      {endpoint.status === 'paused' ? (
        <p role="status" className="rounded-box bg-warning/20 p-2 text-sm">
          {endpoint.pausedReason} {endpoint.pausedAt ? `(${formatMoment(endpoint.pausedAt)})` : ''}. Events
          wait for it, in order: resume it once it answers again.
        </p>
      ) : null}
      {showSecret ? (
        <code
          className="rounded-box bg-base-200 p-2 font-mono text-xs break-all select-all"
          data-testid="webhook-secret"
        >
          {endpoint.secret}
        </code>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? 'Hide secret' : 'Show secret'}
        </button>
        {endpoint.status === 'paused' ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={resume.isPending}
            onClick={() =>
              void act(
                () => resume.mutateAsync(endpoint.id),
                'The endpoint is resumed.',
                'It could not be resumed.',
              )
            }
          >
            Resume
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          disabled={test.isPending}
          onClick={() =>
            void act(
              () => test.mutateAsync(endpoint.id),
              'A test event is on its way.',
              'The test could not be sent.',
            )
          }
        >
          Send test
        </button>
        <button
          type="button"
          className={`${DANGER_BUTTON_CLASS} btn-sm`}
          aria-label={`Delete ${endpoint.url}`}
          disabled={remove.isPending}
          onClick={() => void onDelete()}
        >
          Delete
        </button>
      </div>
      {open ? <Deliveries owner={owner} endpointId={endpoint.id} /> : null}
    </li>
  );
};

const deliveryState = (delivery: WebhookDelivery) =>
  delivery.status === 'succeeded' ? 'Delivered' : delivery.attempts > 0 ? 'Retrying' : 'Waiting';

const Deliveries = ({ owner, endpointId }: { owner: WebhookOwner; endpointId: string }) => {
  const deliveries = useWebhookDeliveries(owner, endpointId);
  const replay = useReplayWebhookMessage(owner);
  const onReplay = async (messageId: string) => {
    try {
      await replay.mutateAsync({ id: endpointId, messageId });
      toast.success('The event is sent again.');
    } catch (error) {
      toast.error(errorMessage(error, 'The event could not be sent again.'));
    }
  };
  return (
    <QueryState
      query={deliveries}
      subject="the deliveries"
      isEmpty={(data) => data.items.length === 0}
      empty="No deliveries yet."
    >
      {(data) => (
        <ul className="flex flex-col divide-y divide-base-300" aria-label="Deliveries">
          {data.items.map((delivery) => (
            <li
              key={delivery.id}
              data-testid="webhook-delivery"
              className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p>
                  <span className="font-mono">{delivery.eventType}</span> ·{' '}
                  <span data-testid="webhook-delivery-state" className="font-semibold">
                    {deliveryState(delivery)}
                  </span>
                </p>
                <p className="text-xs break-words text-base-content/70">
                  {delivery.lastStatusCode !== null
                    ? `HTTP ${delivery.lastStatusCode}`
                    : (delivery.lastError ?? 'Not sent yet')}
                  {delivery.lastDurationMs !== null ? ` · ${delivery.lastDurationMs} ms` : ''}
                  {delivery.lastAttemptAt ? ` · ${formatMoment(delivery.lastAttemptAt)}` : ''} ·{' '}
                  {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-xs shrink-0 self-start sm:self-auto"
                aria-label={`Replay ${delivery.eventType} ${delivery.messageId}`}
                disabled={replay.isPending}
                onClick={() => void onReplay(delivery.messageId)}
              >
                Replay
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
};
