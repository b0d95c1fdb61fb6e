import { z } from 'zod';
import type { BankAccount, BankTransfer } from '../bank-transfer.ts';

export type { BankAccount, BankTransfer } from '../bank-transfer.ts';
export {
  bankAccountLines,
  bankTransferLines,
  bankTransferSection,
  BANK_TRANSFER_HEADING,
} from '../bank-transfer.ts';

/**
 * How a buyer pays an invoice on terms (docs/decisions/0205): the seller's bank account, from the server's
 * configuration (SELLER_BANK_*), and the reference to quote. Printed the same on the checkout, the order's
 * page, the 'order received' mail and the invoice PDF, all from `bankTransferLines`.
 */
export const BankAccountSchema: z.ZodType<BankAccount> = z.object({
  accountHolder: z.string(),
  bankName: z.string().nullable(),
  /** 'IBAN' when the account is one, else 'Account number'. */
  accountLabel: z.enum(['IBAN', 'Account number']),
  account: z.string(),
  /** 'BIC' for a SWIFT code, else 'Routing number'; null when none is configured. */
  routingLabel: z.enum(['BIC', 'Routing number']).nullable(),
  routing: z.string().nullable(),
});

export const BankTransferSchema: z.ZodType<BankTransfer> = z.object({
  /** Null when the seller configured no account (production without SELLER_BANK_ACCOUNT). */
  account: BankAccountSchema.nullable(),
  /** Whom to ask for the account when there is none to show. */
  contactEmail: z.string(),
  /** The invoice number the buyer quotes with the transfer; null before there is an invoice. */
  reference: z.string().nullable(),
});
