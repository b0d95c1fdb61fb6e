import { toDollars } from '@forgeline/shared/money';
import { returnFigures } from '@forgeline/shared/returns';
import type { Return } from '@forgeline/shared/schemas/return';
import { pdfUrlOf } from '../invoices/index.ts';
import type { ReturnView } from './repository.ts';

/**
 * The one place a return becomes its wire shape. Its amount is what was refunded once it was, else
 * what its pieces come to at the line's frozen figures. Only the shop's answers carry the e-mail.
 */
export const toReturnDto = (view: ReturnView, forAdmin = false): Return => ({
  _id: view.id,
  number: view.number,
  orderId: view.orderId,
  orderNumber: view.orderNumber,
  productName: view.productName,
  customerName: view.customerName,
  ...(forAdmin && { customerEmail: view.customerEmail }),
  quantity: view.quantity,
  reason: view.reason,
  comment: view.comment,
  status: view.status,
  note: view.note,
  resaleable: view.resaleableQuantity,
  amount: toDollars(
    view.refundedCents ??
      returnFigures(
        {
          priceCents: view.priceCents,
          quantity: view.orderQuantity,
          taxRateBasisPoints: view.taxRateBasisPoints,
          taxCents: view.taxCents,
        },
        0,
        view.quantity,
      ).grossCents,
  ),
  refundMethod: view.refundMethod,
  creditNoteNumber: view.creditNoteNumber,
  creditNoteUrl: view.creditNoteId ? pdfUrlOf({ id: view.creditNoteId }) : null,
  requestedAt: view.createdAt.toISOString(),
  decidedAt: view.decidedAt?.toISOString() ?? null,
  receivedAt: view.receivedAt?.toISOString() ?? null,
  refundedAt: view.refundedAt?.toISOString() ?? null,
});
