import { orderStatusLabel } from '@forgeline/shared/order-status';
import { BackorderNote } from './backorder-note';
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { formatPrice, toCents, toDollars } from '@forgeline/shared/money';
import type { Order } from '@forgeline/shared/schemas/order';
import { paths } from '@/config/paths';
import { dashboardPaths } from '@/config/dashboard-paths';
import { TableRegion } from '@/components/ui/table-region';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { formatDay } from '@/lib/format-date';
import { awaitingPayment, isOverdue } from '@/lib/payment-state';

/** The orders of one checkout (CO-… number), in the order the list gave them; an order without one is alone. */
export type CheckoutGroup = {
  /** The checkout's id, or the order's own id when it has no checkout. */
  key: string;
  checkoutId: string | null;
  checkoutNumber: string | null;
  orders: Order[];
};

/** Groups the list by checkout, keeping the list's order of first appearance. */
export const groupByCheckout = (orders: readonly Order[]): CheckoutGroup[] => {
  const groups = new Map<string, CheckoutGroup>();
  for (const order of orders) {
    const key = order.checkoutId ?? order._id;
    const group = groups.get(key) ?? {
      key,
      checkoutId: order.checkoutId,
      checkoutNumber: order.checkoutNumber,
      orders: [],
    };
    group.orders.push(order);
    groups.set(key, group);
  }
  return [...groups.values()];
};

const isCancelled = (order: Order) => order.status === 'cancelled';
/** Some of its pieces have gone, not all (decision 0232). */
const isPartlyShipped = (order: Order) => order.status === 'pending' && (order.shippedQuantity ?? 0) > 0;

/** Who placed an order: the companies contract calls it `customerName`; the order's `name` is that buyer too. */
const placedBy = (order: Order) => (order as Order & { customerName?: string }).customerName ?? order.name;

/** What the group's lines still standing cost with their tax, in whole cents (no float drift across forty lines). */
const groupTotal = (orders: readonly Order[]) =>
  toDollars(
    orders
      .filter((order) => !isCancelled(order))
      .reduce((cents, order) => cents + toCents(order.totalWithTax ?? order.totalPrize), 0),
  );

/**
 * What the group's lines are, in a few words: 'Paid', 'Pending', '2 of 3 paid', '1 of 3 shipped',
 * '1 cancelled'; the cancelled lines count apart from the rest.
 */
export const groupStatus = (all: readonly Order[]): string => {
  const orders = all.filter((order) => !isCancelled(order));
  const cancelledCount = all.length - orders.length;
  if (orders.length === 0) return 'Cancelled';
  const cancelledNote = cancelledCount > 0 ? ` · ${cancelledCount} cancelled` : '';
  const count = orders.length;
  const paid = orders.filter((order) => order.paid).length;
  const shipped = orders.filter((order) => order.status === 'shipped').length;
  const partly = orders.filter((order) => isPartlyShipped(order)).length;
  const awaiting = orders.map(awaitingPayment).find((text) => text !== null);
  const payment = paid === count ? 'Paid' : paid > 0 ? `${paid} of ${count} paid` : (awaiting ?? 'Pending');
  const shipping =
    shipped === 0 ? '' : shipped === count ? ' · Shipped' : ` · ${shipped} of ${count} shipped`;
  const partlyNote = partly > 0 ? ` · ${partly} partly shipped` : '';
  return payment + shipping + partlyNote + cancelledNote;
};

type MyOrdersTableProps = {
  orders: Order[];
  onCancel: (order: Order) => void;
  /** Id of the order being cancelled: its button shows a spinner. */
  cancellingId?: string | null;
  /** 'Order again': every part of the checkout back into the cart at once. */
  onReorder?: (group: CheckoutGroup) => void;
  /** Key of the group being put back in the cart: its button waits. */
  reorderingId?: string | null;
  /** The order's invoice and credit note (download links), shown in its Payment cell. */
  documentsOf?: (order: Order) => ReactNode;
  /** The signed-in buyer: a company member also sees colleagues' orders, each with who placed it. */
  viewerEmail?: string | undefined;
  /** The group's shipments (carrier, tracking link, pieces), shown under its lines; nothing when none. */
  shipmentsOf?: (group: CheckoutGroup) => ReactNode;
  /** The group's delivery method and cost (or that freight waits for its price), in its summary. */
  deliveryOf?: (group: CheckoutGroup) => ReactNode;
};

/** Below `md` each row is a card: a cell shows its column's name before its value (from `data-label`). */
const cell =
  'max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:py-1.5 ' +
  'max-md:before:font-semibold max-md:before:text-base-content/80 max-md:before:content-[attr(data-label)]';

/** The row under a group's lines with its shipments; none when there are none. */
const GroupShipments = ({ children }: { children: ReactNode }) =>
  children ? (
    <tr className="max-md:block" data-testid="group-shipments">
      <td colSpan={8} className="max-md:block">
        <h3 className="pb-1 text-sm font-semibold">Shipments</h3>
        {children}
      </td>
    </tr>
  ) : null;

/** Where a customer asks about a paid order: the contact form on the home page. */
const CONTACT_HREF = `${paths.home.getHref()}#contact`;

/**
 * docs/product.md §2 'My Orders table'. From `md` up a table with the spec's eight columns; on a phone every row
 * stacks into a card, so each order's Pay and Cancel are on screen without scrolling sideways.
 */
export const MyOrdersTable = ({
  orders,
  onCancel,
  cancellingId,
  onReorder,
  reorderingId,
  documentsOf,
  viewerEmail,
  shipmentsOf,
  deliveryOf,
}: MyOrdersTableProps) => {
  const groups = groupByCheckout(orders);
  // A colleague's order (seen through the company's role): readable, but only its buyer orders it again.
  const isColleagues = (order: Order) =>
    viewerEmail ? order.email.toLowerCase() !== viewerEmail.toLowerCase() : false;
  // 'No.' counts the orders down the page, across the groups.
  const numberOf = new Map(groups.flatMap((g) => g.orders).map((order, index) => [order._id, index + 1]));
  return (
    <TableRegion label="My orders table">
      <table className="table table-zebra md:min-w-[56rem] max-md:block">
        <thead className="max-md:sr-only">
          <tr>
            <th scope="col">No.</th>
            <th scope="col">Product Name</th>
            <th scope="col">Price Per Unit</th>
            <th scope="col">Buy Quantity</th>
            <th scope="col">Total Price</th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
            <th scope="col">Payment</th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody
            key={group.key}
            className="max-md:block max-md:border-b-4 max-md:border-base-300"
            data-testid="checkout-group"
            data-checkout-id={group.checkoutId ?? undefined}
          >
            <tr className="max-md:block bg-base-200">
              <th scope="rowgroup" colSpan={8} className="max-md:block">
                {/* The button follows the summary (not pushed to the far right): on a tablet the table scrolls sideways. */}
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <span className="font-mono text-base">
                      {group.checkoutNumber ?? group.orders[0]?.number}
                    </span>
                    <span className="text-sm font-normal text-base-content/80">
                      {group.orders.length} {group.orders.length === 1 ? 'part' : 'parts'}
                    </span>
                    <span className="text-sm whitespace-nowrap" data-testid="checkout-total">
                      Total $ {formatPrice(groupTotal(group.orders))}
                    </span>
                    <span className="text-sm font-normal" data-testid="checkout-status">
                      {groupStatus(group.orders)}
                    </span>
                    {deliveryOf?.(group)}
                  </span>
                  {onReorder &&
                  group.orders.some((order) => order.productId) &&
                  !group.orders.some(isColleagues) ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      onClick={() => onReorder(group)}
                      disabled={reorderingId === group.key}
                      aria-label={`Order again: every part of ${group.checkoutNumber ?? group.orders[0]?.number}`}
                    >
                      Order again
                    </button>
                  ) : null}
                </div>
              </th>
            </tr>
            {group.orders.map((order) => {
              // On payment terms and unpaid: 'Awaiting payment (due …)', never 'Paid', no Pay link (0112).
              const awaiting = awaitingPayment(order);
              const documents = documentsOf?.(order) ?? null;
              const cancelled = isCancelled(order);
              return (
                <tr
                  key={order._id}
                  data-testid="order-row"
                  data-order-id={order._id}
                  className="max-md:block max-md:border-b max-md:border-base-300 max-md:px-1 max-md:py-3"
                >
                  <th scope="row" data-label="No." className={cell}>
                    {numberOf.get(order._id)}
                  </th>
                  <td data-label="Product Name" className={`font-medium ${cell}`}>
                    <span className="flex flex-col max-md:items-end max-md:text-right">
                      <span>{order.productName}</span>
                      {order.customerPartNumber ? (
                        <span className="text-xs font-normal" data-testid="customer-part-number">
                          Your no. <span className="font-mono break-words">{order.customerPartNumber}</span>
                        </span>
                      ) : null}
                      {/* The stable number, the date and the buyer's PO reference. */}
                      <span className="text-xs font-normal text-base-content/75" data-testid="order-meta">
                        <span className="font-mono">{order.number}</span> · {formatDay(order.createdAt)}
                        {order.poReference ? ` · PO ${order.poReference}` : ''}
                        {isColleagues(order) ? ` · placed by ${placedBy(order)}` : ''}
                      </span>
                    </span>
                  </td>
                  <td data-label="Price Per Unit" className={`whitespace-nowrap ${cell}`}>
                    $ {formatPrice(order.price)}
                  </td>
                  <td data-label="Buy Quantity" className={cell}>
                    {order.buyQuantity}
                  </td>
                  <td data-label="Total Price" className={`whitespace-nowrap ${cell}`}>
                    $ {formatPrice(order.totalPrize)}
                  </td>
                  <td data-label="Status" className={cell}>
                    <span>
                      <span
                        className={`badge h-auto ${cancelled ? 'badge-ghost' : order.paid ? 'badge-success' : isOverdue(order) ? 'badge-error' : 'badge-warning'}`}
                        data-testid="order-payment-state"
                      >
                        {cancelled ? orderStatusLabel(order) : order.paid ? 'Paid' : (awaiting ?? 'Pending')}
                      </span>
                      {order.status === 'shipped' || isPartlyShipped(order) ? (
                        <span className="badge badge-info ml-1 h-auto" data-testid="order-shipping-state">
                          {orderStatusLabel(order)}
                          {isPartlyShipped(order)
                            ? ` (${order.shippedQuantity} of ${order.buyQuantity})`
                            : ''}
                        </span>
                      ) : null}
                      <BackorderNote order={order} />
                    </span>
                  </td>
                  <td data-label="Action" className={cell}>
                    {cancelled ? null : order.paid || order.status === 'shipped' || isPartlyShipped(order) ? (
                      // Why there is no Cancel, and whom to ask.
                      <span className="max-w-56 text-xs text-base-content/80" data-testid="paid-cancel-note">
                        {order.status === 'shipped' || isPartlyShipped(order)
                          ? 'Shipped orders cannot be cancelled. '
                          : 'A paid order can only be cancelled by us. '}
                        <Link to={CONTACT_HREF} className="link link-primary">
                          Contact us
                        </Link>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className={DANGER_BUTTON_CLASS}
                        onClick={() => onCancel(order)}
                        disabled={cancellingId === order._id}
                        aria-label={`Cancel the order of ${order.productName}`}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                  <td data-label="Payment" className={cell}>
                    {cancelled && !order.paid ? (
                      // Nothing to pay: an invoiced one shows its credit note.
                      <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                        <span className="text-sm">Nothing to pay</span>
                        {documents}
                      </div>
                    ) : order.paid ? (
                      <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                        <span className="font-semibold text-[#15803d]">Paid</span>
                        <span className="font-mono text-xs break-words" data-testid="transaction-id">
                          {order.transactionId}
                        </span>
                        {documents}
                      </div>
                    ) : awaiting ? (
                      <div className="flex min-w-0 flex-col gap-0.5 max-md:items-end">
                        <span className="text-sm">By invoice</span>
                        {documents}
                      </div>
                    ) : (
                      <Link
                        to={dashboardPaths.payment.getHref(order._id)}
                        className="btn btn-sm btn-primary"
                        aria-label={`Pay for the order of ${order.productName}`}
                      >
                        Pay
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
            <GroupShipments>{shipmentsOf?.(group)}</GroupShipments>
          </tbody>
        ))}
      </table>
    </TableRegion>
  );
};
