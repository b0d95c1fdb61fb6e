import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { messages } from '../messages.ts';
import { toDollars } from '../money.ts';
import { normalisePhone, PHONE_PATTERN } from '../phone.ts';
import { plainIssueMessage } from './plain-issues.ts';

// Installed with the schemas' common rules, so on either side before any schema parses: a limit with no
// message of its own is said in words (plain-issues.ts).
z.config({ customError: plainIssueMessage });

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
  .max(LIMITS.emailMax, { error: messages.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((email) => email.toLowerCase());

/**
 * One line of text: no line break of any kind, no control character, no bidirectional override. A field
 * that reaches a PDF, a mail subject or a CSV carries only what was typed on one line: a line break would
 * add a line to an invoice, a header to a mail or a row to a spreadsheet (docs/decisions/0151).
 */
export const SINGLE_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]*$/u;

/** The message for a single-line field that holds more, naming the field. */
export const notSingleLine = (label: string) =>
  `${label} must be one line, without line breaks or control characters`;

/**
 * Text of several lines (a note, a message, a comment, a description, a review): line breaks and tabs are
 * what such a field is for; every other control character (escape, bell, backspace, vertical tab), the
 * line and paragraph separators and the bidirectional overrides are refused, as on one line. Such text
 * reaches mails, PDFs and the admin's screens (docs/decisions/0288).
 */
export const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069])*$/u;

/** The message for a multi-line field that holds a control character, naming the field. */
export const notMultiLine = (label: string) =>
  `${label} may have line breaks, but no other control characters`;

/** A required, trimmed text with the spec's message when missing (and only that message). */
export const requiredText = (requiredMessage: string, max: number) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(max, { error: `Must be ${max} characters or fewer`, abort: true });

/** A required single-line text (address, phone, names, references): requiredText, on one line. */
export const singleLineText = (label: string, requiredMessage: string, max: number) =>
  requiredText(requiredMessage, max).regex(SINGLE_LINE, notSingleLine(label));

/** A phone number (phone.ts): required, one line, its white space folded, by PHONE_PATTERN. */
export const PhoneSchema = singleLineText('Phone', messages.phoneRequired, LIMITS.phoneMax)
  .overwrite(normalisePhone)
  .regex(PHONE_PATTERN, messages.phoneInvalid);

/** A credit limit in dollars: more than $0, at most LIMITS.creditLimitMaxCents, whole cents. */
export const creditLimitDollars = (label: string) =>
  z
    .number({ error: `${label} must be a number of dollars` })
    .positive(`${label} must be more than $0`)
    .max(
      toDollars(LIMITS.creditLimitMaxCents),
      `${label} can be at most $${toDollars(LIMITS.creditLimitMaxCents)}`,
    )
    .multipleOf(0.01, `${label} must be in whole cents`);

/** Pieces of one line (quantity.ts): whole, from LIMITS.quantityMin to LIMITS.quantityMax. */
export const LineQuantitySchema = z
  .number({ error: messages.quantityRequired })
  .int(messages.quantityWhole)
  .min(LIMITS.quantityMin, messages.quantityAtLeast)
  .max(LIMITS.quantityMax, messages.quantityAtMost);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2027-02-30 is not one). */
export const isCalendarDay = (day: string): boolean => {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};
/** An optional calendar day: empty or absent is null. */
export const optionalDay = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.string().refine(isCalendarDay, `${label} must be a date written YYYY-MM-DD (2027-01-31)`).nullable(),
  );
