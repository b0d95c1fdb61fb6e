import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { LIMITS } from '../constants.ts';
import { RETURN_REASON_KEYS, RETURN_REASONS, RETURN_STATUS_KEYS } from '../returns.ts';
import { NumberedPageFields } from './paging.ts';
import { MULTI_LINE, notMultiLine } from './common.ts';

export const RETURN_LIMITS = { commentMax: 1000, noteMax: 1000 } as const;

const REASON_LIST = Object.values(RETURN_REASONS).join(', ');

const pieces = z
  .number({ error: 'Enter how many pieces to return.' })
  .int('Return whole pieces only.')
  .min(1, 'Return at least 1 piece.')
  .max(LIMITS.quantityMax, 'Enter how many pieces to return.');

/** POST /api/returns: so many shipped pieces of one order line, why, and anything the buyer adds. */
export const CreateReturnBodySchema = z.object({
  orderId: z
    .string({ error: 'Name the order line to return.' })
    .trim()
    .min(1, 'Name the order line to return.')
    .max(100),
  quantity: pieces,
  reason: z.enum(RETURN_REASON_KEYS, { error: `Choose a reason: ${REASON_LIST}.` }),
  comment: z
    .string({ error: 'The comment must be text.' })
    .trim()
    .max(RETURN_LIMITS.commentMax, `The comment must be ${RETURN_LIMITS.commentMax} characters or fewer.`)
    .regex(MULTI_LINE, notMultiLine('The comment'))
    .optional()
    .transform((value) => value || undefined),
});
export type CreateReturnBody = z.infer<typeof CreateReturnBodySchema>;
/** What a client sends (the comment may be left out). */
export type CreateReturnBodyInput = z.input<typeof CreateReturnBodySchema>;

/**
 * The buyer's return form: pieces bounded by what may still be returned of the line, a reason, a
 * comment (the 'Other' reason needs one). The server checks the same again.
 */
export const returnFormSchema = (returnable: number) =>
  z
    .object({
      quantity: z.preprocess(
        fromFormField(undefined),
        pieces.max(
          Math.max(returnable, 1),
          returnable === 1 ? 'Only 1 piece can be returned.' : `Only ${returnable} pieces can be returned.`,
        ),
      ),
      reason: z.enum(RETURN_REASON_KEYS, { error: 'Choose a reason.' }),
      comment: z
        .string()
        .trim()
        .max(RETURN_LIMITS.commentMax, `The comment must be ${RETURN_LIMITS.commentMax} characters or fewer.`)
        .regex(MULTI_LINE, notMultiLine('The comment')),
    })
    .superRefine((form, ctx) => {
      if (form.reason === 'other' && !form.comment) {
        ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Tell us why you return the pieces.' });
      }
    });
export type ReturnForm = z.input<ReturnType<typeof returnFormSchema>>;

const note = z
  .string({ error: 'The note must be text.' })
  .trim()
  .max(RETURN_LIMITS.noteMax, `The note must be ${RETURN_LIMITS.noteMax} characters or fewer.`)
  .regex(MULTI_LINE, notMultiLine('The note'));

/** Approve (a note optional) or refuse (a note required: the buyer is told why). */
export const DecideReturnBodySchema = z.object({
  note: note.optional().transform((value) => value || undefined),
});
export const RefuseReturnBodySchema = z.object({
  note: note.min(1, 'Write the reason for refusing: the buyer reads it.'),
});

/** Received: how many of the returned pieces can be sold again (they go back into stock). */
export const ReceiveReturnBodySchema = z.object({
  resaleable: z
    .number({ error: 'Enter how many pieces can be sold again (0 or more).' })
    .int('Enter whole pieces.')
    .min(0, 'Enter how many pieces can be sold again (0 or more).')
    .max(LIMITS.quantityMax, 'Enter how many pieces can be sold again (0 or more).'),
});

export const ReturnListQuerySchema = z.object({
  status: z.enum(RETURN_STATUS_KEYS, { error: 'Unknown return status.' }).optional(),
  ...NumberedPageFields,
});
export type ReturnListQuery = z.infer<typeof ReturnListQuerySchema>;

/** A return on the wire, as its buyer and the shop read it. */
export const ReturnSchema = z.object({
  _id: z.string(),
  /** 'RT-100001'. */
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  customerName: z.string(),
  /** Only in the shop's answers. */
  customerEmail: z.string().optional(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASON_KEYS),
  comment: z.string().nullable(),
  status: z.enum(RETURN_STATUS_KEYS),
  /** The shop's note when it approved or refused. */
  note: z.string().nullable(),
  /** Pieces received that went back into stock (null until received). */
  resaleable: z.number().int().nullable(),
  /** What is (or was) given back for the pieces, in dollars, net + tax. */
  amount: z.number(),
  refundMethod: z.enum(['card', 'invoice_credit', 'bank_transfer']).nullable(),
  creditNoteNumber: z.string().nullable(),
  creditNoteUrl: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type Return = z.infer<typeof ReturnSchema>;
