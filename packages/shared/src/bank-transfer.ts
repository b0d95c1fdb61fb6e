/**
 * How a buyer pays an invoice on terms (docs/decisions/0205), as text: the seller's bank account and the
 * reference to quote, the same lines on the checkout, the order's page, the mails and the invoice PDF.
 * Without zod, so that the pages showing them load no schema library before they render; the wire
 * schemas are schemas/bank-transfer.ts, checked against these types.
 */
export interface BankAccount {
  accountHolder: string;
  bankName: string | null;
  /** 'IBAN' when the account is one, else 'Account number'. */
  accountLabel: 'IBAN' | 'Account number';
  account: string;
  /** 'BIC' for a SWIFT code, else 'Routing number'; null when none is configured. */
  routingLabel: 'BIC' | 'Routing number' | null;
  routing: string | null;
}

export interface BankTransfer {
  /** Null when the seller configured no account (production without SELLER_BANK_ACCOUNT). */
  account: BankAccount | null;
  /** Whom to ask for the account when there is none to show. */
  contactEmail: string;
  /** The invoice number the buyer quotes with the transfer; null before there is an invoice. */
  reference: string | null;
}

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
