import { BankTransferSchema } from './bank-transfer.ts';
import { creditLimitDollars, notSingleLine, SINGLE_LINE } from './common.ts';
import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { LIMITS } from '../constants.ts';

/**
 * PATCH /users/:id/terms (admin): approve a customer for paying by invoice, net `termsDays`, with at most
 * `creditLimit` dollars of invoiced orders unpaid at once; `null` withdraws the approval (orders already
 * on terms stay so).
 */
export const PaymentTermsBodySchema = z.object({
  terms: z
    .object({
      termsDays: z.union([z.literal(15), z.literal(30), z.literal(60)], {
        error: 'Terms must be net 15, 30 or 60 days',
      }),
      creditLimit: creditLimitDollars('The credit limit'),
    })
    .nullable(),
});
export type PaymentTermsBody = z.infer<typeof PaymentTermsBodySchema>;

/** Make Admin's terms form: the approval's rules, with its numbers as typed (form-number.ts). */
export const PaymentTermsFormSchema = z.object({
  termsDays: z.preprocess(
    fromFormField(undefined),
    z.union([z.literal(15), z.literal(30), z.literal(60)], { error: 'Terms must be net 15, 30 or 60 days' }),
  ),
  creditLimit: z.preprocess(fromFormField(undefined), creditLimitDollars('The credit limit')),
});
export type PaymentTermsFormInput = z.input<typeof PaymentTermsFormSchema>;

/** A customer's payment terms and what of the credit limit is in use (GET /myTerms, GET /users/:id/terms). */
export const PaymentTermsSchema = z.object({
  approved: z.boolean(),
  termsDays: z.number().int().nullable(),
  /** Dollars; 0 when not approved. */
  creditLimit: z.number(),
  /** Invoiced orders still unpaid, dollars. */
  used: z.number(),
  /** What an invoice checkout may still come to, dollars (never below 0). */
  available: z.number(),
});
export type PaymentTerms = z.infer<typeof PaymentTermsSchema>;

/** GET /myTerms: the buyer's terms and, once approved, where an invoice is paid (no reference yet). */
export const MyPaymentTermsSchema = PaymentTermsSchema.extend({
  bankTransfer: BankTransferSchema.nullable(),
});
export type MyPaymentTerms = z.infer<typeof MyPaymentTermsSchema>;

/** POST /checkouts/:id/mark-paid (admin): the money of an invoice checkout arrived, with its reference. */
export const MarkPaidBodySchema = z.object({
  reference: z
    .string({ error: 'A payment reference is required' })
    .trim()
    .min(1, 'A payment reference is required')
    .max(
      LIMITS.paymentReferenceMax,
      `The reference must be ${LIMITS.paymentReferenceMax} characters or fewer`,
    )
    .regex(SINGLE_LINE, notSingleLine('The reference')),
});
export type MarkPaidBody = z.infer<typeof MarkPaidBodySchema>;

/** An open invoice on terms as the admin's list shows it (GET /termsInvoices). */
export const TermsInvoiceSchema = z.object({
  checkoutId: z.string(),
  checkoutNumber: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  poReference: z.string().nullable(),
  /** The unpaid lines' total, dollars. */
  due: z.number(),
  dueAt: z.string(),
  overdue: z.boolean(),
  remindedAt: z.string().nullable(),
});
export type TermsInvoice = z.infer<typeof TermsInvoiceSchema>;

export const TermsInvoicesQuerySchema = z.object({
  overdue: z.enum(['true', 'false']).optional(),
});
