import type { InvoiceSummary } from '@forgeline/shared/schemas/invoice';
import type { Order } from '@forgeline/shared/schemas/order';
import type { OrderRequest } from '@forgeline/shared/schemas/company';
import { formatPrice } from '@forgeline/shared/money';
import { dashboardPaths } from '@/config/dashboard-paths';
import { Link } from '@/components/ui/link';
import { formatDay } from '@/lib/format-date';
import type { RecordList } from './record-section';

const REQUEST_STATUS: Record<OrderRequest['status'], string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Orders over a buyer's limit, waiting for (or decided by) the company's approvers. */
export const REQUESTS: RecordList<OrderRequest> = {
  title: 'Order requests',
  empty: 'No order has needed approval.',
  rowKey: (request) => request.id,
  columns: [
    {
      header: 'Request',
      cell: (request) => (
        <>
          <span className="font-mono">{request.number}</span>
          <span className="block text-xs font-normal">{formatDay(request.createdAt)}</span>
        </>
      ),
    },
    { header: 'Buyer', cell: (request) => request.buyer.name },
    { header: 'Total', cell: (request) => `$ ${formatPrice(request.total)}` },
    {
      header: 'Status',
      cell: (request) => (
        <>
          {REQUEST_STATUS[request.status]}
          {request.comment ? <span className="block text-xs">{request.comment}</span> : null}
        </>
      ),
    },
    { header: 'Why', cell: (request) => request.reason, className: 'break-words' },
  ],
};

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
export const ORDERS: RecordList<Order> = {
  title: 'Newest orders',
  empty: 'No orders yet.',
  rowKey: (order) => order._id,
  rowTestId: 'company-order-row',
  columns: [
    {
      header: 'Order',
      cell: (order) => (
        <>
          <Link className="link link-primary font-mono" to={dashboardPaths.order.getHref(order._id)}>
            {order.number}
          </Link>
          <span className="block text-xs font-normal">{formatDay(order.createdAt)}</span>
        </>
      ),
    },
    { header: 'Buyer', cell: (order) => order.name },
    { header: 'Part', cell: (order) => `${order.productName} × ${order.buyQuantity}` },
    { header: 'Total', cell: (order) => `$ ${formatPrice(order.totalPrize)}` },
    { header: 'State', cell: orderState },
  ],
};

/** The newest invoices and credit notes, each a PDF. */
export const INVOICES: RecordList<InvoiceSummary> = {
  title: 'Newest invoices',
  empty: 'No invoices yet.',
  rowKey: (invoice) => invoice._id,
  columns: [
    {
      header: 'Document',
      cell: (invoice) => (
        <a className="link link-primary font-mono" href={invoice.pdfUrl} download>
          {invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {invoice.number}
        </a>
      ),
    },
    { header: 'Issued', cell: (invoice) => formatDay(invoice.issuedAt) },
    { header: 'Total', cell: (invoice) => `$ ${formatPrice(invoice.total)}` },
    {
      header: 'Owed',
      cell: (invoice) => (
        <>
          {invoice.balance === null ? '—' : `$ ${formatPrice(invoice.balance)}`}
          {invoice.status === 'overdue' ? <span className="badge badge-warning ml-1">Overdue</span> : null}
        </>
      ),
    },
    { header: 'Due', cell: (invoice) => (invoice.dueAt ? formatDay(invoice.dueAt) : '—') },
  ],
};
