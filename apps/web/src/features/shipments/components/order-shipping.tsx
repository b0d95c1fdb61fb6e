import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import { QueryState } from '@/components/ui/query-state';
import { useOrderShipments } from '../api/shipments';
import { ShipForm } from './ship-form';
import { ShipmentsList } from './shipments-list';

/**
 * The order page's shipping (admin): the shipments with pieces of this line, and the form that ships
 * pieces of it and of the other lines of its checkout (one parcel goes to one address).
 */
export const OrderShipping = ({ detail }: { detail: AdminOrderDetail }) => {
  const shipments = useOrderShipments(detail.order._id);
  return (
    <div className="flex flex-col gap-3">
      <ShipForm lines={detail.checkout?.lines ?? [detail.order]} />
      <h4 className="font-semibold">Shipments of {detail.order.number}</h4>
      <QueryState query={shipments} subject="the shipments">
        {(list) =>
          list.length > 0 ? (
            <ShipmentsList shipments={list} label={`Shipments of ${detail.order.number}`} />
          ) : (
            <p className="text-sm">None yet.</p>
          )
        }
      </QueryState>
    </div>
  );
};
