import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: null | {
    id: string;
    object: 'charge';
    payment_method_details: { card: { brand: string; last4: string } };
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * A local stand-in for the few Stripe endpoints our provider calls (create and retrieve a payment
 * intent, create a refund), answering in Stripe's shapes so that the real `stripe` SDK talks to it.
 */
export async function startFakeStripe(secretKey: string) {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    idempotencyKey: string | undefined;
  }[] = [];
  const requests: FakeRequest[] = [];

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, what: string) =>
    send(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, form });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }

      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return send(res, 200, intents.get(known));
        const intentId = id('pi');
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(form)) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.amount),
          amount_received: 0,
          currency: form.currency ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
          latest_charge: null,
        };
        intents.set(intentId, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intentId);
        return send(res, 200, intent);
      }

      const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const intent = intents.get(decodeURIComponent(retrieve[1]!));
        return intent ? send(res, 200, intent) : missing(res, `payment_intent: '${retrieve[1]}'`);
      }

      // Update (amount) or cancel an intent, as Stripe allows only before it is paid.
      const change = /^\/v1\/payment_intents\/([^/]+?)(\/cancel)?$/.exec(url.pathname);
      if (req.method === 'POST' && change) {
        const intent = intents.get(decodeURIComponent(change[1]!));
        if (!intent) return missing(res, `payment_intent: '${change[1]}'`);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}.`,
            },
          });
        }
        if (change[2]) intent.status = 'canceled';
        else if (form.amount !== undefined) intent.amount = Number(form.amount);
        return send(res, 200, intent);
      }

      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const intent = intents.get(form.payment_intent ?? '');
        if (!intent) return missing(res, `payment_intent: '${form.payment_intent}'`);
        const earlier = refunds.find((r) => r.idempotencyKey && r.idempotencyKey === idempotencyKey);
        if (earlier) return send(res, 200, { ...earlier, object: 'refund', status: 'succeeded' });
        // Like Stripe: partial refunds (amount) until the whole received amount is refunded.
        const refundedSoFar = refunds
          .filter((r) => r.payment_intent === intent.id)
          .reduce((sum, r) => sum + r.amount, 0);
        const left = intent.amount_received - refundedSoFar;
        if (left <= 0) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          });
        }
        const amount = form.amount === undefined ? left : Number(form.amount);
        if (amount > left) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
            },
          });
        }
        const refund = { id: id('re'), payment_intent: intent.id, amount, idempotencyKey };
        refunds.push(refund);
        return send(res, 200, { ...refund, object: 'refund', status: 'succeeded' });
      }

      send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    intents,
    refunds,
    requests,
    /** The customer paid (as Stripe.js would confirm it): `received` defaults to the full amount. */
    succeed(intentId: string, received?: number) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'succeeded';
      intent.amount_received = received ?? intent.amount;
      intent.latest_charge = {
        id: id('ch'),
        object: 'charge',
        payment_method_details: { card: { brand: 'visa', last4: '4242' } },
      };
      return intent;
    },
    fail(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.status = 'requires_payment_method';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
