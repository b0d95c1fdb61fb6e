import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { formatPrice } from '@forgeline/shared/money';
import type { AdminOrderDetail } from '@forgeline/shared/schemas/order-detail';
import { dashboardPaths } from '@/config/dashboard-paths';
import { DANGER_BUTTON_CLASS } from '@/components/ui/alert';
import { WrapPoints } from '@/components/ui/wrap-points';
import { awaitingPayment } from '@/lib/payment-state';
import { formatMoment } from '@/lib/format-date';
import { mayShip, orderStatusLabel } from '@forgeline/shared/order-status';
import { BackorderNote } from './backorder-note';

const when = formatMoment;

const Card = ({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) => (
  <section
    aria-label={title}
    className={`rounded-box border border-base-300 bg-base-100 p-4 ${wide ? 'md:col-span-2' : ''}`}
  >
    <h3 className="mb-2 text-lg font-bold">{title}</h3>
    {children}
  </section>
);

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
    <dt className="text-base-content/70">{label}</dt>
    <dd className="min-w-0 text-right font-medium">{children}</dd>
  </div>
);

type OrderDetailProps = {
  detail: AdminOrderDetail;
  /** Slot for the order's invoices and credit notes. */
  documents: ReactNode;
  /** Slot for its shipments and the form that ships pieces of its checkout (decision 0232). */
  shipping?: ReactNode;
  /** Slot for its checkout's delivery: method, destination, cost and tax, and the freight price form (0236). */
  delivery?: ReactNode;
  onShip: () => void;
  onCancel: () => void;
  busy: boolean;
};

/**
 * One order on one page, for the admin who ships it: customer, where and whom to deliver to,
 * its dates, its payment, the checkout and PO reference it came with, its documents and its timeline;
 * Ship and Cancel as in Manage All Orders.
 */
export const OrderDetail = ({
  detail,
  documents,
  shipping,
  delivery,
  onShip,
  onCancel,
  busy,
}: OrderDetailProps) => {
  const { order, payment, checkout } = detail;
  const shipped = order.status === 'shipped';
  // A line some of whose pieces have gone cannot be cancelled.
  const started = shipped || (order.shippedQuantity ?? 0) > 0;
  const status = orderStatusLabel(order);
  return (
    <div className="flex flex-col gap-4" data-testid="order-detail">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="dashboard-title" className="text-2xl font-bold">
            Order {order.number}
          </h2>
          <p className="flex flex-wrap gap-2 pt-1">
            <span className={`badge ${started ? 'badge-info' : 'badge-warning'}`} data-testid="order-status">
              {status}
              {status === 'Partly shipped' ? ` (${order.shippedQuantity} of ${order.buyQuantity})` : ''}
            </span>
            <span
              className={`badge h-auto ${order.paid ? 'badge-success' : order.dueAt ? 'badge-warning' : 'badge-ghost'}`}
            >
              {order.paid ? 'Paid' : (awaitingPayment(order) ?? 'Unpaid')}
            </span>
            <BackorderNote order={order} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={DANGER_BUTTON_CLASS} onClick={onCancel} disabled={started || busy}>
            Cancel
          </button>
          {shipped ? (
            <span className="font-semibold text-[#15803d]">Shipped</span>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={onShip}
              // An order on payment terms ships before it is paid (decision 0112).
              disabled={!mayShip(order) || busy}
              title={mayShip(order) ? 'Ships every piece still to ship' : 'Orders ship once they are paid'}
            >
              {started ? 'Ship the rest' : 'Ship'}
            </button>
          )}
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        {shipping ? (
          <Card title="Shipping" wide>
            {shipping}
          </Card>
        ) : null}

        <Card title="Customer">
          <dl>
            <Row label="Name">{order.name}</Row>
            <Row label="E-mail">
              <a className="link" href={`mailto:${order.email}`}>
                <WrapPoints text={order.email} />
              </a>
            </Row>
          </dl>
          {detail.customerHasAccount ? null : (
            <p className="pt-1 text-sm text-base-content/70">Their account has been deleted since.</p>
          )}
        </Card>

        <Card title="Delivery">
          <p className="whitespace-pre-line" data-testid="order-address">
            {order.address}
          </p>
          <p className="pt-1">
            <a className="link" href={`tel:${order.phone.replace(/[^+\d]/g, '')}`}>
              {order.phone}
            </a>
          </p>
        </Card>

        {delivery ? <Card title="Delivery method and cost">{delivery}</Card> : null}

        <Card title="Line">
          <dl>
            <Row label="Product">{order.productName}</Row>
            {order.customerPartNumber ? (
              <Row label="Customer part number">
                <span className="font-mono break-words">{order.customerPartNumber}</span>
              </Row>
            ) : null}
            <Row label="Quantity">{order.buyQuantity} pcs</Row>
            <Row label="Price Per Unit">$ {formatPrice(order.price)}</Row>
            <Row label={order.totalWithTax === undefined ? 'Total' : 'Net total'}>
              $ {formatPrice(order.totalPrize)}
            </Row>
            {order.totalWithTax === undefined ? null : (
              <>
                <Row label={`Tax ${order.taxRate ?? 0} %`}>$ {formatPrice(order.tax ?? 0)}</Row>
                <Row label="Total with tax">$ {formatPrice(order.totalWithTax)}</Row>
              </>
            )}
          </dl>
        </Card>

        <Card title="Dates">
          <dl>
            <Row label="Placed">{when(order.createdAt)}</Row>
            <Row label="Paid">{when(order.paidAt)}</Row>
            <Row label="Shipped">
              {order.shippedAt
                ? when(order.shippedAt)
                : status === 'Partly shipped'
                  ? `${order.shippedQuantity} of ${order.buyQuantity} pcs so far`
                  : '—'}
            </Row>
            {/* Cancelling deletes an order (the spec's DELETE): a cancelled one has no page. */}
            <Row label="Cancelled">—</Row>
          </dl>
        </Card>

        <Card title="Payment">
          <dl>
            <Row label="Status">{order.paid ? 'Paid' : (awaitingPayment(order) ?? 'Unpaid')}</Row>
            <Row label="Card">
              {payment.cardBrand && payment.cardLast4
                ? `${payment.cardBrand} ending ${payment.cardLast4}`
                : '—'}
            </Row>
            <Row label="Transaction id">
              {payment.transactionId ? (
                <span className="font-mono text-sm">
                  <WrapPoints text={payment.transactionId} />
                </span>
              ) : (
                '—'
              )}
            </Row>
          </dl>
          {detail.refunds.length > 0 ? (
            <>
              <h4 className="pt-2 font-semibold">Refunds of this payment</h4>
              <ul className="text-sm" aria-label="Refunds">
                {detail.refunds.map((refund) => (
                  <li key={refund.creditNote} className="py-0.5">
                    {when(refund.refundedAt)}: $ {formatPrice(refund.amount)} for {refund.orderReference} (
                    <a className="link" href={refund.pdfUrl} download>
                      credit note {refund.creditNote}
                    </a>
                    )
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Card>

        <Card title="Checkout">
          {checkout ? (
            <>
              <dl>
                <Row label="Checkout">{checkout.number}</Row>
                <Row label="PO reference">{checkout.poReference ?? '—'}</Row>
                <Row label="Placed total">
                  $ {formatPrice(checkout.placedTotal)} ({checkout.lineCount}{' '}
                  {checkout.lineCount === 1 ? 'line' : 'lines'})
                </Row>
              </dl>
              {checkout.lines.length > 1 ? (
                <ul className="pt-2 text-sm" aria-label="Lines of this checkout">
                  {checkout.lines.map((line) => (
                    <li key={line._id} className="flex flex-wrap justify-between gap-x-3 py-0.5">
                      {line._id === order._id ? (
                        <span className="font-semibold">{line.number} (this order)</span>
                      ) : (
                        <Link className="link" to={dashboardPaths.order.getHref(line._id)}>
                          {line.number}
                        </Link>
                      )}
                      <span>
                        {line.productName}
                        {line.customerPartNumber ? ` (their no. ${line.customerPartNumber})` : ''} ×{' '}
                        {line.buyQuantity} · {line.paid ? 'Paid' : 'Unpaid'} · {orderStatusLabel(line)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p>Placed before checkouts existed: no checkout or PO reference.</p>
          )}
        </Card>

        <Card title="Invoices and credit notes" wide>
          {documents}
        </Card>

        <Card title="Timeline" wide>
          <ol className="flex flex-col gap-1" aria-label="Timeline">
            {detail.timeline.map((event, index) => (
              <li key={index} className="flex flex-wrap gap-x-3" data-kind={event.kind}>
                <time dateTime={event.at} className="w-40 shrink-0 text-base-content/70">
                  {when(event.at)}
                </time>
                <span className="min-w-0">{event.text}</span>
              </li>
            ))}
          </ol>
        </Card>
      </div>
    </div>
  );
};
