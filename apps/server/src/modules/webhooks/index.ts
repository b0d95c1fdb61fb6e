// What other modules may use of webhooks (docs/decisions/0260): emitting an event in the transaction of
// the change, and the delivery job. The routes are registered by app.ts from routes.ts directly: they
// reach the companies module, which reaches orders, which emit events through this file.
export { emitEvent } from './emit.ts';
export { deliverDue } from './deliver.ts';
export { webhookDeliveryPlugin } from './job.ts';
