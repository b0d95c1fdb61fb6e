// Plain constants, no zod: the dashboard's webhook forms render with them before any schema loads.

/**
 * The events a webhook endpoint may subscribe to (docs/decisions/0260). Order, invoice and quote events
 * reach the shop's endpoints and those of the company concerned; stock and product events are the shop's.
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'invoice.issued',
  'quote.offered',
  'stock.low',
  'product.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The events a company's endpoint may subscribe to: its own orders, invoices and quotes. */
export const COMPANY_WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type) => type !== 'stock.low' && type !== 'product.changed',
);

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.placed': 'Order placed',
  'order.paid': 'Order paid',
  'order.shipped': 'Order shipped',
  'order.cancelled': 'Order cancelled',
  'invoice.issued': 'Invoice issued',
  'quote.offered': 'Quote offered',
  'stock.low': 'Stock low',
  'product.changed': 'Product changed',
};
