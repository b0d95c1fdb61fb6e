import { Webhook } from 'standardwebhooks';
import type { MailDeps } from '../../lib/deps.ts';
import { checkTarget } from './ssrf.ts';
import { createWebhooksRepository } from './repository.ts';

type Deps = Pick<MailDeps, 'db' | 'config' | 'mailer' | 'log'>;

/** At most this much of an answer is kept with its attempt. */
const EXCERPT_CHARS = 500;
/** Deliveries per endpoint per run: a busy endpoint does not keep the run for ever. */
const BATCH = 50;

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * One signed POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), with a timeout,
 * never following a redirect; the target is checked again, as DNS may have changed since registration.
 */
export async function send(
  deps: Pick<Deps, 'config'>,
  target: { url: string; secret: string },
  message: { id: string; payload: unknown },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    await checkTarget(target.url, deps.config.WEBHOOKS_ALLOW_PRIVATE === 'true');
    const body = JSON.stringify(message.payload);
    const timestamp = new Date();
    const signature = new Webhook(target.secret).sign(message.id, timestamp, body);
    const response = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.config.WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Forgeline-Webhooks/1',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    });
    const text = (await response.text().catch(() => '')).slice(0, EXCERPT_CHARS);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      durationMs: elapsed(),
      error: ok
        ? null
        : response.status >= 300 && response.status < 400
          ? 'Redirects are not followed'
          : null,
      responseExcerpt: text || null,
    };
  } catch (error) {
    const err = error as Error;
    const reason =
      err.name === 'TimeoutError'
        ? `Timed out after ${deps.config.WEBHOOK_TIMEOUT_MS} ms`
        : err.message + (err.cause instanceof Error ? `: ${err.cause.message}` : '');
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: reason.slice(0, 300),
      responseExcerpt: null,
    };
  }
}

/**
 * Works one endpoint's queue in order: its first pending delivery, and the next only once that one
 * succeeded. A failure schedules the retry (WEBHOOK_RETRY_SECONDS) and stops; past the last retry the
 * endpoint is paused and its admins told, in the same transaction.
 */
async function workEndpoint(deps: Deps, endpointId: string) {
  for (let i = 0; i < BATCH; i++) {
    const head = await createWebhooksRepository(deps.db).headDelivery(endpointId, new Date());
    if (!head) return;
    const { delivery, message, endpoint } = head;
    const result = await send(deps, endpoint, { id: message.id, payload: message.payload });
    const attempt = delivery.attempts + 1;
    const schedule = deps.config.WEBHOOK_RETRY_SECONDS;
    await deps.db.transaction(async (tx) => {
      const repository = createWebhooksRepository(tx);
      await repository.recordAttempt({ deliveryId: delivery.id, attempt, ...result });
      if (result.ok) {
        await repository.updateDelivery(delivery.id, { status: 'succeeded', attempts: attempt });
        return;
      }
      const wait = schedule[attempt - 1];
      if (wait !== undefined) {
        await repository.updateDelivery(delivery.id, {
          attempts: attempt,
          nextAttemptAt: new Date(Date.now() + wait * 1000),
        });
        return;
      }
      // The schedule is spent: the delivery keeps its place, the endpoint waits for a person.
      await repository.updateDelivery(delivery.id, { attempts: attempt });
      const reason = `Paused after ${attempt} failed attempts: ${result.error ?? `HTTP ${result.statusCode}`}`;
      await repository.updateEndpoint(endpoint.id, endpoint.companyId, {
        status: 'paused',
        pausedReason: reason,
        pausedAt: new Date(),
      });
      const page = endpoint.companyId ? '/dashboard/company?tab=webhooks' : '/dashboard/webhooks';
      for (const to of await repository.noticeRecipients(endpoint.companyId)) {
        await deps.mailer.enqueue(tx, {
          to,
          subject: `Webhook endpoint paused: ${endpoint.url}`,
          text: [
            'Hello,',
            '',
            `The webhook endpoint ${endpoint.url} kept failing and has been paused.`,
            reason,
            '',
            `Events wait for it, in order. Resume it once it answers again: ${deps.config.publicUrl}${page}`,
          ].join('\n'),
        });
      }
      deps.log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint paused');
    });
    if (!result.ok) return;
  }
}

/** The delivery job: every endpoint with a delivery due, side by side, each in its own order. */
export async function deliverDue(deps: Deps) {
  const due = await createWebhooksRepository(deps.db).dueEndpoints(new Date());
  await Promise.all(due.map((id) => workEndpoint(deps, id)));
  return due.length;
}
