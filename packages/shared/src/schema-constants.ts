/**
 * Constants of the schemas in ./schemas that live here, free of zod: the web app shows them (filters,
 * hints, choices) without loading zod with the page (docs/decisions/0042).
 */

export const QUOTE_STATUSES = ['requested', 'offered', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_LIMITS = {
  linesMax: 100,
  noteMax: 2000,
  messageMax: 2000,
  validDaysMin: 1,
  validDaysMax: 90,
  validDaysDefault: 14,
} as const;

/** The periods the overview's chart can show, in days. */
export const OVERVIEW_PERIODS = [30, 90] as const;

/** Net days an admin may grant (docs/decisions/0112). */
export const TERMS_DAYS = [15, 30, 60] as const;

/** The home page's 'Send Us Email' form and the footer's Newsletter box (schemas/contact.ts). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 2000,
} as const;

export const contactMessages = {
  nameRequired: 'Name is required',
  messageRequired: 'Message is required',
  messageTooShort: `Please write at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Must be ${CONTACT_LIMITS.messageMax} characters or fewer`,
  contactSent: 'Thank you! Your message has been sent. We will get back to you soon.',
  subscribed: 'Thank you for subscribing! Watch your inbox for our news.',
} as const;
