import { BANK_TRANSFER_HEADING, bankTransferLines, type BankTransfer } from '@forgeline/shared/bank-transfer';

/**
 * Where an invoice on terms is paid (docs/decisions/0205): the seller's account from the server's
 * configuration and the invoice number to quote, the same lines the invoice PDF and the mail print.
 */
export const BankTransferDetails = ({ transfer }: { transfer: BankTransfer }) => (
  <div className="mt-2 rounded-box bg-base-200 p-3 text-sm" data-testid="bank-transfer">
    <p className="font-semibold">{BANK_TRANSFER_HEADING}</p>
    <ul className="mt-1 break-words">
      {bankTransferLines(transfer).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
    {transfer.reference === null ? (
      <p className="mt-1 text-xs text-base-content/75">
        Quote the invoice number with the transfer: the invoice comes with your order confirmation.
      </p>
    ) : null}
  </div>
);
