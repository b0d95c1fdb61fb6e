import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@forgeline/shared/webhooks';
import type { Executor } from '../../db/client.ts';
import { createWebhooksRepository } from './repository.ts';

/** A message id as Standard Webhooks writes them: `msg_` and 24 random base62-ish characters. */
const messageId = () => `msg_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * Records an event in `tx`, the transaction of the change it announces, with one delivery owed to each
 * endpoint subscribed to it (the shop's, and the company's own when `companyId` is given): the event
 * exists exactly when the change commits, and the delivery job sends it later (decision 0261).
 */
export async function emitEvent(
  tx: Executor,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: { companyId?: string | null } = {},
): Promise<string | undefined> {
  const repository = createWebhooksRepository(tx);
  const companyId = options.companyId ?? null;
  const endpoints = await repository.subscribers(type, companyId);
  if (endpoints.length === 0) return undefined;
  const id = messageId();
  const timestamp = new Date();
  const message = await repository.insertMessage({
    id,
    type,
    companyId,
    payload: { type, timestamp: timestamp.toISOString(), data },
    createdAt: timestamp,
  });
  await repository.insertDeliveries(
    id,
    message.seq,
    endpoints.map((endpoint) => endpoint.id),
  );
  return id;
}
