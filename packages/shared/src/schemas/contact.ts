import { z } from 'zod';
import { CONTACT_LIMITS, contactMessages } from '../schema-constants.ts';
import { EmailSchema, MULTI_LINE, notMultiLine, singleLineText } from './common.ts';

/**
 * The home page's 'Send Us Email' form and the footer's Newsletter box. The spec's versions were dead
 * (docs/product.md §2, §5); docs/architecture.md §4 makes them work: the same schemas check the form and the server route.
 */
export const ContactBodySchema = z.object({
  name: singleLineText('Name', contactMessages.nameRequired, CONTACT_LIMITS.nameMax),
  email: EmailSchema,
  message: z
    .string({ error: contactMessages.messageRequired })
    .trim()
    .min(1, { error: contactMessages.messageRequired, abort: true })
    .min(CONTACT_LIMITS.messageMin, { error: contactMessages.messageTooShort, abort: true })
    .max(CONTACT_LIMITS.messageMax, { error: contactMessages.messageTooLong, abort: true })
    .regex(MULTI_LINE, notMultiLine('Your message')),
});
/** What the form holds (before trimming and lower-casing). */
export type ContactBodyInput = z.input<typeof ContactBodySchema>;
export type ContactBody = z.output<typeof ContactBodySchema>;

export const NewsletterBodySchema = z.object({ email: EmailSchema });
export type NewsletterBodyInput = z.input<typeof NewsletterBodySchema>;
export type NewsletterBody = z.output<typeof NewsletterBodySchema>;

/** POST /contact answers like the spec's other inserts. */
export const InsertedResponseSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export type InsertedResponse = z.infer<typeof InsertedResponseSchema>;

/** POST /newsletter: the same friendly answer whether the address is new or already subscribed. */
export const NewsletterResponseSchema = z.object({ acknowledged: z.boolean(), message: z.string() });
export type NewsletterResponse = z.infer<typeof NewsletterResponseSchema>;

/** GET /contact (admins): the stored messages, newest first. */
export const ContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** GET /newsletter (admins): the subscribers, newest first. */
export const NewsletterSubscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type NewsletterSubscriber = z.infer<typeof NewsletterSubscriberSchema>;
