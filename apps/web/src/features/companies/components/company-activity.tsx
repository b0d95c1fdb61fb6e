import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { Order } from '@forgeline/shared/schemas/order';
import type { OrderRequest } from '@forgeline/shared/schemas/company';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from '@/components/ui/link';
import { formatDay } from '@/lib/format-date';
import { RecordSection } from './record-section';

const REQUEST_STATUS: Record<OrderRequest['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Orders over a buyer's limit, waiting for (or decided by) the company's approvers. */
export const CompanyRequests = ({ requests }: { requests: OrderRequest[] }) => (
  <RecordSection
    id="company-requests"
    title="Order requests"
    count={requests.length}
    empty="No order has needed approval."
    headers={['Request', 'Buyer', 'Total', 'Status', 'Why']}
  >
    {requests.map((request) => (
      <tr key={request.id}>
        <th scope="row" data-label="Request">
          <span className="font-mono">{request.number}</span>
          <span className="block text-xs font-normal">{formatDay(request.createdAt)}</span>
        </th>
        <td data-label="Buyer">{request.buyer.name}</td>
        <td data-label="Total">$ {formatPrice(request.total)}</td>
        <td data-label="Status">
          {REQUEST_STATUS[request.status]}
          {request.comment ? <span className="block text-xs">{request.comment}</span> : null}
        </td>
        <td data-label="Why" className="break-words">
          {request.reason}
        </td>
      </tr>
    ))}
  </RecordSection>
);

const orderState = (order: Order) =>
  order.status === 'cancelled'
    ? 'Cancelled'
    : order.status === 'shipped'
      ? 'Shipped'
      : (order.shippedQuantity ?? 0) > 0
        ? 'Partly shipped'
        : order.paid
          ? 'Paid'
          : order.dueAt
            ? `Due ${formatDay(order.dueAt)}`
            : 'Unpaid';

/** The newest orders (the server sends up to 50), each linked to the admin's order page. */
export const CompanyOrders = ({ orders }: { orders: Order[] }) => (
  <RecordSection
    id="company-orders"
    title="Newest orders"
    count={orders.length}
    empty="No orders yet."
    headers={['Order', 'Buyer', 'Part', 'Total', 'State']}
  >
    {orders.map((order) => (
      <tr key={order._id} data-testid="company-order-row">
        <th scope="row" data-label="Order">
          <Link className="link link-primary font-mono" to={dashboardPaths.order.getHref(order._id)}>
            {order.number}
          </Link>
          <span className="block text-xs font-normal">{formatDay(order.createdAt)}</span>
        </th>
        <td data-label="Buyer">{order.name}</td>
        <td data-label="Part">
          {order.productName} × {order.buyQuantity}
        </td>
        <td data-label="Total">$ {formatPrice(order.totalPrize)}</td>
        <td data-label="State">{orderState(order)}</td>
      </tr>
    ))}
  </RecordSection>
);

/** The newest invoices and credit notes, each a PDF. */
export const CompanyInvoices = ({ invoices }: { invoices: InvoiceSummary[] }) => (
  <RecordSection
    id="company-invoices"
    title="Newest invoices"
    count={invoices.length}
    empty="No invoices yet."
    headers={['Document', 'Issued', 'Total', 'Owed', 'Due']}
  >
    {invoices.map((invoice) => (
      <tr key={invoice._id}>
        <th scope="row" data-label="Document">
          <a className="link link-primary font-mono" href={invoice.pdfUrl} download>
            {invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {invoice.number}
          </a>
        </th>
        <td data-label="Issued">{formatDay(invoice.issuedAt)}</td>
        <td data-label="Total">$ {formatPrice(invoice.total)}</td>
        <td data-label="Owed">
          {invoice.balance === null ? '—' : `$ ${formatPrice(invoice.balance)}`}
          {invoice.status === 'overdue' ? <span className="badge badge-warning ml-1">Overdue</span> : null}
        </td>
        <td data-label="Due">{invoice.dueAt ? formatDay(invoice.dueAt) : '—'}</td>
      </tr>
    ))}
  </RecordSection>
);
