import type { ReactNode } from 'react';

/** The line under 'Paid' that gives the buyer the provider's transaction id, for their records. */
export const TransactionIdLine = ({ transactionId }: { transactionId: string | null | undefined }) => (
  <p className="mt-1 text-sm">
    Your transaction Id:{' '}
    <span className="font-mono font-bold break-all" data-testid="transaction-id">
      {transactionId}
    </span>
  </p>
);

/** What a payment page shows for something already paid: 'Paid' and the transaction id. */
export const PaidNote = ({
  transactionId,
  children,
}: {
  transactionId: string | null | undefined;
  children?: ReactNode;
}) => (
  <div data-testid="payment-success">
    <p className="font-semibold text-[#15803d]">Paid</p>
    <TransactionIdLine transactionId={transactionId} />
    {children}
  </div>
);
