import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { PaymentProvider } from '../modules/payments/providers/types.ts';
import type { Mailer } from '../plugins/app/mail.ts';

/**
 * What the services need from the running application. The Fastify instance has all of it (routes
 * pass `app`); a job, the CLI or a test can pass any object of this shape.
 */
export interface AppDeps {
  db: Database;
  config: Env;
  payments: PaymentProvider;
  mailer: Mailer;
  /** The cached product pages: a change of stock or price must drop them. */
  catalogueCache: { invalidate(): void };
  log: FastifyBaseLogger;
}

export type MailDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'>;
