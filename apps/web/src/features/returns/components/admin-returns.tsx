import { useState } from 'react';
import { RETURN_REASONS } from '@forgeline/shared/returns';
import type { Return } from '@forgeline/shared/schemas/return';
import { Alert } from '@/components/ui/alert';
import { CardFacts, CardList, type CardLook } from '@/components/ui/card-list';
import { errorMessage } from '@/lib/error-message';
import { formatMoment } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useReturnAction, type ReturnAction } from '../api/returns';
import { ReturnRefund, ReturnStatusBadge } from './return-status';

const DONE: Record<ReturnAction['step'], string> = {
  approve: 'approved',
  refuse: 'refused',
  receive: 'marked received',
  refund: 'refunded',
};

/** The shop's steps on one return: approve or refuse (with a note), receive (resaleable pieces), refund. */
const ReturnActions = ({ item }: { item: Return }) => {
  const action = useReturnAction();
  const [note, setNote] = useState('');
  const [resaleable, setResaleable] = useState(String(item.quantity));
  const [failure, setFailure] = useState<string | undefined>();
  const run = async (body: ReturnAction) => {
    setFailure(undefined);
    try {
      const answer = await action.mutateAsync(body);
      toast.success(`Return ${answer.number} ${DONE[body.step]}`);
    } catch (error) {
      setFailure(errorMessage(error, `The return could not be ${DONE[body.step]}.`));
    }
  };
  const busy = action.isPending;
  const noteId = `return-note-${item._id}`;
  const resaleId = `return-resaleable-${item._id}`;
  return (
    <div className="flex flex-col gap-2">
      {item.status === 'requested' || item.status === 'approved' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm">
            Note to the buyer (needed to refuse)
          </label>
          <input
            id={noteId}
            className="input input-sm w-full"
            maxLength={1000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
      ) : null}
      {item.status === 'approved' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={resaleId} className="text-sm">
            Pieces fit to sell again (of {item.quantity})
          </label>
          <input
            id={resaleId}
            type="number"
            inputMode="numeric"
            min={0}
            max={item.quantity}
            className="input input-sm w-full sm:w-32"
            value={resaleable}
            onChange={(event) => setResaleable(event.target.value)}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {item.status === 'requested' ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void run({ id: item._id, step: 'approve', ...(note.trim() ? { note } : {}) })}
          >
            Approve {item.number}
          </button>
        ) : null}
        {item.status === 'approved' ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void run({ id: item._id, step: 'receive', resaleable: Number(resaleable) })}
          >
            Mark {item.number} received
          </button>
        ) : null}
        {item.status === 'requested' || item.status === 'approved' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy}
            onClick={() => void run({ id: item._id, step: 'refuse', note })}
          >
            Refuse {item.number}
          </button>
        ) : null}
        {item.status === 'received' ? (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => void run({ id: item._id, step: 'refund' })}
          >
            Refund ${item.amount.toFixed(2)} for {item.number}
          </button>
        ) : null}
      </div>
      <Alert>{failure}</Alert>
    </div>
  );
};

/** The shop's returns (decision 0240), one card per return, made for a phone as well. */
const RETURN_CARDS: CardLook = {
  list: 'flex flex-col gap-3',
  card: 'flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-3 text-sm',
};

export const AdminReturnsList = ({ returns }: { returns: readonly Return[] }) => (
  <CardList items={returns} label="Returns" testId="admin-return" look={RETURN_CARDS}>
    {(item) => (
      <>
        <CardFacts>
          <span className="font-mono font-semibold">{item.number}</span>
          <ReturnStatusBadge status={item.status} />
          <time dateTime={item.requestedAt} className="text-base-content/75">
            {formatMoment(item.requestedAt)}
          </time>
        </CardFacts>
        <p>
          <span className="font-mono">{item.orderNumber}</span> {item.productName} × {item.quantity} ·{' '}
          {item.customerName}
          {item.customerEmail ? ` (${item.customerEmail})` : ''}
        </p>
        <p className="text-base-content/80">
          {RETURN_REASONS[item.reason]}
          {item.comment ? `: ${item.comment}` : ''}
        </p>
        {item.note ? <p>Note: {item.note}</p> : null}
        {item.resaleable !== null ? <p>{item.resaleable} back in stock</p> : null}
        <ReturnRefund item={item} />
        <ReturnActions item={item} />
      </>
    )}
  </CardList>
);
