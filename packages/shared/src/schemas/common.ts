import { z } from 'zod';
import { messages } from '../messages.ts';

/** Ids are UUIDs; anything else cannot name a record (the server answers 404, not 500). */
export const IdSchema = z.uuid();

/**
 * docs/product.md §5: letters or digits, @, letters, a dot, then a top-level domain. We also accept the dots, dashes
 * and pluses real addresses have (john.doe+parts@acme-industrial.co.uk), anchored at both ends. The spec's
 * literal '2 or 3 letters' would refuse real buyers (`.info`, `.industries`): the ending may be 2 to 63
 * letters, the DNS limit (docs/decisions/0090).
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;

export const EmailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { error: messages.emailRequired, abort: true })
  .max(254, { error: messages.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A required, trimmed text with the spec's message when missing (and only that message). */
export const requiredText = (requiredMessage: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: `Must be ${max} characters or fewer`, abort: true });
