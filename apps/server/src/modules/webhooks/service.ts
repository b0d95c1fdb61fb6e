import { randomBytes } from 'node:crypto';
import type {
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointPatch,
} from '@forgeline/shared/schemas/webhook';
import type { Executor } from '../../db/client.ts';
import type { WebhookEndpointRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { requireMembership, requireRight } from '../companies/index.ts';
import { createWebhooksRepository } from './repository.ts';
import { checkTarget } from './ssrf.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;
type Actor = AuditActor & { id: string; name: string };
/** Whose endpoints: the shop's (null) or a company's. */
type Owner = { id: string; name: string } | null;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (what its libraries expect). */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const toDto = (row: WebhookEndpointRow, waiting = 0): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  secret: row.secret,
  status: row.status,
  pausedReason: row.pausedReason,
  pausedAt: row.pausedAt?.toISOString() ?? null,
  waiting,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The company whose endpoints a company admin manages (403 for other roles, 404 without a company). */
export async function managedCompany(db: Executor, actor: Actor): Promise<Owner> {
  const member = await requireMembership(db, actor.id);
  requireRight(member, 'manage');
  return member.company;
}

const label = (owner: Owner, url: string) => (owner ? `${owner.name}: ${url}` : url);

async function owned(db: Executor, owner: Owner, id: string) {
  const row = await createWebhooksRepository(db).findEndpoint(id, owner?.id ?? null);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(deps: Deps, owner: Owner) {
  const rows = await createWebhooksRepository(deps.db).listEndpoints(owner?.id ?? null);
  return rows.map(({ endpoint, waiting }) => toDto(endpoint, waiting));
}

export async function createEndpoint(deps: Deps, actor: Actor, owner: Owner, body: WebhookEndpointBody) {
  await checkTarget(body.url, deps.config.WEBHOOKS_ALLOW_PRIVATE === 'true');
  return deps.db.transaction(async (tx) => {
    const row = await createWebhooksRepository(tx).insertEndpoint({
      companyId: owner?.id ?? null,
      url: body.url,
      description: body.description ?? '',
      eventTypes: body.eventTypes,
      secret: newSecret(),
      createdBy: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'webhook.created',
      subject: { type: 'webhook', id: row.id, label: label(owner, row.url) },
      after: { url: row.url, eventTypes: row.eventTypes },
    });
    return toDto(row);
  });
}

export async function updateEndpoint(
  deps: Deps,
  actor: Actor,
  owner: Owner,
  id: string,
  patch: WebhookEndpointPatch & { rotateSecret?: boolean },
) {
  if (patch.url !== undefined) await checkTarget(patch.url, deps.config.WEBHOOKS_ALLOW_PRIVATE === 'true');
  return deps.db.transaction(async (tx) => {
    const before = await owned(tx, owner, id);
    const row = await createWebhooksRepository(tx).updateEndpoint(id, owner?.id ?? null, {
      ...(patch.url !== undefined && { url: patch.url }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.eventTypes !== undefined && { eventTypes: patch.eventTypes }),
      ...(patch.rotateSecret && { secret: newSecret() }),
    });
    await recordAudit(tx, actor, {
      action: 'webhook.updated',
      subject: { type: 'webhook', id, label: label(owner, before.url) },
      before: { url: before.url, eventTypes: before.eventTypes },
      after: { url: row!.url, eventTypes: row!.eventTypes, rotatedSecret: Boolean(patch.rotateSecret) },
    });
    return toDto(row!);
  });
}

export async function deleteEndpoint(deps: Deps, actor: Actor, owner: Owner, id: string) {
  await deps.db.transaction(async (tx) => {
    const before = await owned(tx, owner, id);
    await createWebhooksRepository(tx).deleteEndpoint(id, owner?.id ?? null);
    await recordAudit(tx, actor, {
      action: 'webhook.deleted',
      subject: { type: 'webhook', id, label: label(owner, before.url) },
      before: { url: before.url, eventTypes: before.eventTypes },
    });
  });
}

export async function listDeliveries(
  deps: Deps,
  owner: Owner,
  id: string,
  page: number,
  limit: number,
): Promise<WebhookDeliveryPage> {
  await owned(deps.db, owner, id);
  const { items, total } = await createWebhooksRepository(deps.db).deliveries(id, page, limit);
  return {
    items: items.map(({ delivery, type, last }) => ({
      id: delivery.id,
      messageId: delivery.messageId,
      eventType: type,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      lastStatusCode: last?.status_code ?? null,
      lastDurationMs: last?.duration_ms ?? null,
      lastError: last?.error ?? null,
      lastResponse: last?.response_excerpt ?? null,
      lastAttemptAt: last ? new Date(last.at).toISOString() : null,
      createdAt: delivery.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

/**
 * Sends a message to an endpoint again, as a new attempt with the same webhook-id (the receiver
 * dedupes by it): the delivery is due now and the delivery job sends it, never this request.
 */
export async function replayMessage(deps: Deps, owner: Owner, id: string, messageId: string) {
  return deps.db.transaction(async (tx) => {
    const endpoint = await owned(tx, owner, id);
    if (endpoint.status === 'paused') throw conflict('This endpoint is paused: resume it to deliver again.');
    const repository = createWebhooksRepository(tx);
    const found = await repository.findDelivery(id, messageId);
    if (!found) throw notFound('Webhook message');
    await repository.updateDelivery(found.delivery.id, { status: 'pending', nextAttemptAt: new Date() });
  });
}

/** A paused endpoint active again: what waited for it is due now, in order. */
export async function resumeEndpoint(deps: Deps, actor: Actor, owner: Owner, id: string) {
  return deps.db.transaction(async (tx) => {
    const before = await owned(tx, owner, id);
    const repository = createWebhooksRepository(tx);
    const row = await repository.updateEndpoint(id, owner?.id ?? null, {
      status: 'active',
      pausedReason: null,
      pausedAt: null,
    });
    await repository.rearm(id);
    await recordAudit(tx, actor, {
      action: 'webhook.resumed',
      subject: { type: 'webhook', id, label: label(owner, before.url) },
      before: { status: before.status, pausedReason: before.pausedReason },
    });
    return toDto(row!);
  });
}

/** A `webhook.test` message to this endpoint alone, delivered like any other. */
export async function sendTest(deps: Deps, owner: Owner, id: string) {
  return deps.db.transaction(async (tx) => {
    const endpoint = await owned(tx, owner, id);
    const repository = createWebhooksRepository(tx);
    const messageId = `msg_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
    const at = new Date();
    const message = await repository.insertMessage({
      id: messageId,
      type: 'webhook.test',
      companyId: endpoint.companyId,
      payload: { type: 'webhook.test', timestamp: at.toISOString(), data: { endpointId: endpoint.id } },
      createdAt: at,
    });
    await repository.insertDeliveries(messageId, message.seq, [endpoint.id]);
    return { messageId };
  });
}
