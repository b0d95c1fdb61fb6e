import { useState } from 'react';
import type { Order } from '@forgeline/shared/schemas/order';
import { useMyReturns } from '../api/returns';
import { MyReturnsList } from './my-returns';
import { ReturnForm, returnableLines } from './return-form';

/**
 * My Orders' returns (decision 0240): each line with shipped pieces that can still come back, with a
 * 'Return pieces' button that opens its form, and the buyer's returns with their step.
 */
export const ReturnsPanel = ({ orders }: { orders: readonly Order[] }) => {
  const returns = useMyReturns().data ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const lines = returnableLines(orders, returns);
  if (lines.length === 0 && returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-title" className="mt-6 flex flex-col gap-3">
      <h3 id="returns-title" className="text-xl font-bold">
        Returns
      </h3>
      {lines.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Shipped pieces you can return">
          {lines.map((line) => (
            <li key={line.orderId} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span>
                  <span className="font-mono">{line.number}</span> {line.productName}: {line.returnable}{' '}
                  shipped {line.returnable === 1 ? 'piece' : 'pieces'} can be returned
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-expanded={openId === line.orderId}
                  onClick={() => setOpenId(openId === line.orderId ? null : line.orderId)}
                >
                  Return pieces of {line.number}
                </button>
              </div>
              {openId === line.orderId ? (
                <ReturnForm
                  key={`${line.orderId}:${line.returnable}`}
                  line={line}
                  onDone={() => setOpenId(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <MyReturnsList returns={returns} />
    </section>
  );
};
