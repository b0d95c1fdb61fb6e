import { z } from 'zod';
import { notSingleLine, SINGLE_LINE } from './common.ts';
import { COMPANY_WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '../webhooks.ts';

const eventsOf = (allowed: readonly string[]) =>
  z
    .array(z.string())
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length)
    .transform((types) => [...new Set(types)])
    .refine((types) => types.every((type) => allowed.includes(type)), {
      message: `Events are ${allowed.join(', ')}`,
    });

const url = z
  .string()
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL is at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'Enter an http(s) URL',
  });
// Optional: a blank field is no description. One string schema rather than a union with '', so that a
// description past its length is told so, not 'Invalid input' (docs/decisions/0289).
const description = z
  .string()
  .trim()
  .max(120, 'Description must be 120 characters or fewer')
  .regex(SINGLE_LINE, notSingleLine('Description'))
  .optional();

/** POST /api/webhooks/endpoints (shop admin). */
export const ShopWebhookEndpointBodySchema = z.object({
  url,
  description,
  eventTypes: eventsOf(WEBHOOK_EVENT_TYPES),
});
/** POST /api/company/webhooks/endpoints (company admin): no stock or product events. */
export const CompanyWebhookEndpointBodySchema = z.object({
  url,
  description,
  eventTypes: eventsOf(COMPANY_WEBHOOK_EVENT_TYPES),
});
export const ShopWebhookEndpointPatchSchema = ShopWebhookEndpointBodySchema.partial();
export const CompanyWebhookEndpointPatchSchema = CompanyWebhookEndpointBodySchema.partial();
export type WebhookEndpointBody = z.infer<typeof ShopWebhookEndpointBodySchema>;
export type WebhookEndpointBodyInput = z.input<typeof ShopWebhookEndpointBodySchema>;
export type WebhookEndpointPatch = z.infer<typeof ShopWebhookEndpointPatchSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  /** `whsec_…`: the receiver verifies signatures with it (the Standard Webhooks convention). */
  secret: z.string(),
  status: z.enum(['active', 'paused']),
  pausedReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  /** Deliveries waiting (pending or retrying) for this endpoint. */
  waiting: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded']),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastDurationMs: z.number().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const WebhookDeliveryPageSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;
