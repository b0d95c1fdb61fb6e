import { carrierName } from '@forgeline/shared/carriers';
import { toDollars, formatMoney } from '@forgeline/shared/money';
import type { AdminOrderDetail, OrderEvent } from '@forgeline/shared/schemas/order-detail';
import type { AppDeps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createCheckoutRepository } from './checkouts-repository.ts';
import { creditNotesOfCheckout, documentsOfOrder, pdfUrlOf, summarizeDocuments } from '../invoices/index.ts';
import { createOrdersRepository, toOrderDto } from './repository.ts';

/**
 * One order as the admin's order page shows it (GET /api/orders/:id): the order, its payment, the
 * checkout it was placed in with the lines still standing there, its documents, the refunds of other
 * lines of the same payment, and a timeline built from all of these. Read only; no lock.
 */
export async function getOrderDetail(deps: Pick<AppDeps, 'db'>, id: string): Promise<AdminOrderDetail> {
  const order = await createOrdersRepository(deps.db).findById(id);
  if (!order) throw notFound('Order');
  const checkouts = createCheckoutRepository(deps.db);
  const [checkout, lines, documents, creditNotes, shipped] = await Promise.all([
    order.checkoutId ? checkouts.findById(order.checkoutId) : undefined,
    order.checkoutId ? checkouts.linesOf(order.checkoutId) : [],
    documentsOfOrder(deps.db, order.id),
    order.checkoutId ? creditNotesOfCheckout(deps.db, order.checkoutId) : [],
    createOrdersRepository(deps.db).shipmentsOfLine(order.id),
  ]);

  // Other lines' refunds: this order's own cancel is its own event below.
  const refunds = creditNotes
    .filter((note) => note.refundedOrderId !== order.id)
    .map((note) => ({
      creditNote: note.number,
      orderReference: note.lines.map((line) => line.reference).join(', '),
      amount: toDollars(note.totalCents),
      refundedAt: note.issuedAt.toISOString(),
      pdfUrl: pdfUrlOf(note),
    }));

  const timeline: OrderEvent[] = [
    {
      at: order.createdAt.toISOString(),
      kind: 'placed',
      text: `Placed by ${order.customerName} (${order.customerEmail})${checkout ? ` in checkout ${checkout.number}` : ''}${checkout?.poReference ? `, PO ${checkout.poReference}` : ''}`,
    },
  ];
  if (order.paidAt) {
    const card =
      order.cardBrand && order.cardLast4 ? ` by ${order.cardBrand} card ending ${order.cardLast4}` : '';
    timeline.push({
      at: order.paidAt.toISOString(),
      kind: 'paid',
      text: `Paid ${formatMoney(order.totalCents)}${card}${order.transactionId ? `, transaction ${order.transactionId}` : ''}`,
    });
  }
  for (const document of documents) {
    if (document.kind !== 'invoice') continue;
    timeline.push({
      at: document.issuedAt.toISOString(),
      kind: 'invoiced',
      text: `Invoice ${document.number} issued (${formatMoney(document.totalCents)})`,
    });
  }
  for (const refund of refunds) {
    timeline.push({
      at: refund.refundedAt,
      kind: 'refunded',
      text: `${refund.orderReference} of the same checkout cancelled: $${refund.amount.toFixed(2)} refunded (credit note ${refund.creditNote})`,
    });
  }
  // Each shipment that took pieces of the line (decision 0232); a line shipped before shipments were
  // recorded has its day only.
  let sent = 0;
  for (const shipment of shipped) {
    sent += shipment.quantity;
    const tracking = shipment.trackingNumber ? `, tracking ${shipment.trackingNumber}` : '';
    timeline.push({
      at: shipment.createdAt.toISOString(),
      kind: 'shipped',
      text: `Shipped ${shipment.quantity} of ${order.quantity} pcs (${sent} of ${order.quantity} sent) in ${shipment.number}, ${carrierName(shipment.carrier)}${tracking}`,
    });
  }
  if (shipped.length === 0 && order.shippedAt) {
    timeline.push({ at: order.shippedAt.toISOString(), kind: 'shipped', text: 'Shipped' });
  }
  if (order.cancelledAt) {
    const note = documents.find((document) => document.kind === 'credit_note');
    const what = order.paid
      ? `: ${formatMoney(order.totalCents)} refunded`
      : note
        ? ': nothing is owed for it'
        : ', unpaid';
    timeline.push({
      at: order.cancelledAt.toISOString(),
      kind: 'cancelled',
      text: `Cancelled${what}${note ? ` (credit note ${note.number})` : ''}`,
    });
  }
  timeline.sort((a, b) => a.at.localeCompare(b.at));

  return {
    order: toOrderDto(order),
    customerHasAccount: order.userId !== null,
    payment: {
      transactionId: order.transactionId,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    checkout: checkout
      ? {
          _id: checkout.id,
          number: checkout.number,
          poReference: checkout.poReference,
          createdAt: checkout.createdAt.toISOString(),
          placedTotal: toDollars(checkout.totalCents),
          lineCount: checkout.lineCount,
          lines: lines.map((line) => {
            const dto = toOrderDto(line);
            return {
              _id: dto._id,
              number: dto.number,
              productName: dto.productName,
              buyQuantity: dto.buyQuantity,
              totalPrize: dto.totalPrize,
              paid: dto.paid,
              status: dto.status,
              shippedQuantity: dto.shippedQuantity,
              dueAt: dto.dueAt,
            };
          }),
        }
      : null,
    documents: await summarizeDocuments(deps.db, documents),
    refunds,
    timeline,
  };
}
