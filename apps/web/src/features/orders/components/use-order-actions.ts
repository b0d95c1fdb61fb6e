import { toast } from '@/lib/toast';
import type { Order } from '@forgeline/shared/schemas/order';
import { previewCancel, useCancelOrder } from '../api/cancel-order';
import { useShipOrder } from '../api/ship-order';
import { confirmDialog } from '@/lib/dialogs';
import { actionFailed, errorMessage } from '@/lib/error-message';

/**
 * The admin's Ship and Cancel, as Manage All Orders and an order's own page both offer them: the spec's
 * 'Are you sure?' first, then a toast that names what happened or which action failed.
 */
export const useOrderActions = () => {
  const cancel = useCancelOrder();
  const ship = useShipOrder();

  /** Asks first, runs the change, and says what happened or which action failed; answers whether it ran. */
  const act =
    (
      confirmLabel: string,
      run: (id: string) => Promise<unknown>,
      done: string,
      // Not the spec's 'Failed to make an admin' for Ship: a toast names the action that failed (0101).
      failed: string,
      /** What the dialog adds to the spec's words, asked of the server first. */
      detailOf?: (id: string) => Promise<string>,
    ) =>
    async (order: Pick<Order, '_id'>) => {
      let detail: string | undefined;
      try {
        detail = await detailOf?.(order._id);
      } catch (error) {
        toast.error(actionFailed(failed, error));
        return false;
      }
      if (!(await confirmDialog(confirmLabel, detail))) return false;
      try {
        await run(order._id);
        toast.success(done);
        return true;
      } catch (error) {
        toast.error(actionFailed(failed, error));
        return false;
      }
    };
  const onCancel = act(
    'Yes, cancel it!',
    cancel.mutateAsync,
    'The order is cancelled',
    'Failed to cancel the order',
    refundSentence,
  );
  const onShip = act('Yes, ship it!', ship.mutateAsync, 'The order is shipped', 'Failed to ship the order');

  /** The order a change is running for: its buttons are disabled meanwhile. */
  const busyId = cancel.isPending ? cancel.variables : ship.isPending ? ship.variables : null;
  return { onCancel, onShip, busyId: busyId ?? null };
};

/** The sentence the cancel dialog adds: the refund (or credit note) and its amount, as the server says. */
const refundSentence = async (id: string) => (await previewCancel(id)).message;

/** The customer's Cancel on My Orders: the spec's 'Are you sure?', then what happened in a toast. */
export const useCancelMyOrder = () => {
  const cancel = useCancelOrder();
  const onCancel = async (order: Pick<Order, '_id'>) => {
    let detail: string;
    try {
      detail = await refundSentence(order._id);
    } catch (error) {
      toast.error(errorMessage(error, 'The order could not be cancelled'));
      return;
    }
    if (!(await confirmDialog('Yes, cancel it!', detail))) return;
    try {
      await cancel.mutateAsync(order._id);
      toast.success('Your order is cancelled');
    } catch (error) {
      toast.error(errorMessage(error, 'The order could not be cancelled'));
    }
  };
  /** The order being cancelled: its buttons wait. */
  const cancellingId = cancel.isPending ? (cancel.variables ?? null) : null;
  return { onCancel, cancellingId };
};
