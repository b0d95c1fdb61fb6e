import { periodicJobPlugin } from '../../lib/periodic-job.ts';
import { deliverDue } from './deliver.ts';

/**
 * The delivery job (decision 0261): one run at a time per database, every WEBHOOK_INTERVAL_MS; each
 * run sends every endpoint's due deliveries, endpoints side by side, each endpoint's in order.
 */
export const webhookDeliveryPlugin = (intervalMs: number) =>
  periodicJobPlugin('webhook-deliveries', intervalMs, (app) => deliverDue(app), {
    expireInSeconds: 15 * 60,
  });
