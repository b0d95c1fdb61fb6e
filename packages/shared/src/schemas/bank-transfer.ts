import { z } from 'zod';

/**
 * How a buyer pays an invoice on terms (docs/decisions/0205): the seller's bank account, from the server's
 * configuration (SELLER_BANK_*), and the reference to quote. Printed the same on the checkout, the order's
 * page, the 'order received' mail and the invoice PDF, all from `bankTransferLines`.
 */
export const BankAccountSchema = z.object({
  accountHolder: z.string(),
  bankName: z.string().nullable(),
  /** 'IBAN' when the account is one, else 'Account number'. */
  accountLabel: z.enum(['IBAN', 'Account number']),
  account: z.string(),
  /** 'BIC' for a SWIFT code, else 'Routing number'; null when none is configured. */
  routingLabel: z.enum(['BIC', 'Routing number']).nullable(),
  routing: z.string().nullable(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const BankTransferSchema = z.object({
  /** Null when the seller configured no account (production without SELLER_BANK_ACCOUNT). */
  account: BankAccountSchema.nullable(),
  /** Whom to ask for the account when there is none to show. */
  contactEmail: z.string(),
  /** The invoice number the buyer quotes with the transfer; null before there is an invoice. */
  reference: z.string().nullable(),
});
export type BankTransfer = z.infer<typeof BankTransferSchema>;

/** The account's details as labelled lines ('IBAN: …'), without the reference. */
export function bankAccountLines(account: BankAccount): string[] {
  return [
    `Account holder: ${account.accountHolder}`,
    ...(account.bankName ? [`Bank: ${account.bankName}`] : []),
    `${account.accountLabel}: ${account.account}`,
    ...(account.routing && account.routingLabel ? [`${account.routingLabel}: ${account.routing}`] : []),
  ];
}

/** What a buyer needs to pay by transfer, one fact a line: the account, then the reference to quote. */
export function bankTransferLines(transfer: BankTransfer): string[] {
  return [
    ...(transfer.account
      ? bankAccountLines(transfer.account)
      : [`Our bank details are not on file here: please ask ${transfer.contactEmail} for them.`]),
    ...(transfer.reference ? [`Payment reference (quote it with the transfer): ${transfer.reference}`] : []),
  ];
}

/** The heading of the instructions in documents and mails. */
export const BANK_TRANSFER_HEADING = 'Pay by bank transfer to:';

/** The instructions as a block of text lines under their heading (PDF, mails). */
export const bankTransferSection = (transfer: BankTransfer): string[] => [
  BANK_TRANSFER_HEADING,
  ...bankTransferLines(transfer),
];
