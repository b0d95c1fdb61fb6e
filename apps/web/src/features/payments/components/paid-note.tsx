import type { ReactNode } from 'react';

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
    <p className="mt-1 text-sm">
      Your transaction Id:{' '}
      <span className="font-mono font-bold break-all" data-testid="transaction-id">
        {transactionId}
      </span>
    </p>
    {children}
  </div>
);
