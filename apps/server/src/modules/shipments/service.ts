import { carrierName, trackingUrl, type Carrier } from '@forgeline/shared/carriers';
import { mayShip } from '@forgeline/shared/order-status';
import type { CreateShipmentBody, Shipment } from '@forgeline/shared/schemas/shipment';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import type { DomainError } from '../../lib/errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { readableCompanyOf } from '../membership/index.ts';
import { sellerOf } from '../invoices/index.ts';
import { addShippedPieces, findOrder, getOrder, lockOrderLines, type Actor } from '../orders/index.ts';
import { queueShipmentMail } from './mail.ts';
import { renderPackingSlipPdf } from './packing-slip.ts';
import { createShipmentsRepository, type ShipmentView } from './repository.ts';

/** The one place a shipment becomes its wire shape; admins also get the packing slip's address. */
export const toShipmentDto = (view: ShipmentView, forAdmin = false): Shipment => ({
  _id: view.id,
  number: view.number,
  carrier: view.carrier,
  carrierName: carrierName(view.carrier),
  trackingNumber: view.trackingNumber,
  trackingUrl: trackingUrl(view.carrier, view.trackingNumber),
  shippedAt: view.createdAt.toISOString(),
  pieces: view.lines.reduce((sum, line) => sum + line.quantity, 0),
  lines: view.lines,
  ...(forAdmin && { packingSlipUrl: `/api/shipments/${view.id}/packingSlip.pdf` }),
});

type Line = { orderId: string; quantity: number };
type Locked = Awaited<ReturnType<typeof lockOrderLines>>[number];

/** Why this line may not ship `pieces` now, naming the rule; undefined when it may. */
function refusal(order: Locked, pieces: number): DomainError | undefined {
  if (order.status === 'cancelled') {
    return conflict(`Order ${order.number} was cancelled, so it cannot be shipped.`, 'ORDER_CANCELLED');
  }
  if (!mayShip(order)) {
    return conflict(
      `Order ${order.number} is not paid (and not on payment terms), so it cannot be shipped yet.`,
      'ORDER_UNPAID',
    );
  }
  const left = order.quantity - order.shippedQuantity;
  // Only allocated pieces ship: those still back-ordered wait for a goods receipt (decision 0238).
  const ready = left - order.backorderedQuantity;
  if (pieces > ready && pieces <= left) {
    return conflict(
      ready === 0
        ? `Order ${order.number} has ${order.backorderedQuantity} pieces back-ordered and none in stock to ship yet.`
        : `Order ${order.number} has ${ready} pieces ready to ship; ${order.backorderedQuantity} more are back-ordered and wait for stock: ${pieces} cannot ship.`,
      'BACKORDERED',
    );
  }
  if (pieces > left) {
    return conflict(
      left === 0
        ? `Order ${order.number} has shipped in full already (${order.quantity} pieces).`
        : `Order ${order.number} has ${left} of its ${order.quantity} pieces left to ship: ${pieces} cannot ship.`,
      'OVER_SHIPPED',
    );
  }
  return undefined;
}

/**
 * Ships the lines in `tx` (decision 0232): every line locked in id order, every rule checked with the
 * rows locked (a second admin shipping the same pieces waits, then finds them gone), the pieces added
 * by a conditional UPDATE that cannot pass the ordered quantity, the audit entries and the buyer's one
 * mail written in the same transaction. Throws before anything is written when any line is refused.
 */
async function shipLines(
  deps: AppDeps,
  tx: Executor,
  admin: Actor,
  lines: readonly Line[],
  carrier: Carrier,
  trackingNumber: string | null,
): Promise<{ view: ShipmentView; mailId: string }> {
  const locked = new Map(
    (
      await lockOrderLines(
        tx,
        lines.map((line) => line.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  const orderOf = (line: Line) => {
    const order = locked.get(line.orderId);
    if (!order) {
      throw badRequest(`There is no order line ${line.orderId}: check the lines of the shipment.`, {
        lines: 'unknown order',
      });
    }
    return order;
  };
  const ordered = lines.map(orderOf);
  // One shipment, one parcel, one address: its lines come from one checkout.
  const first = ordered[0]!;
  if (ordered.some((order) => (order.checkoutId ?? order.id) !== (first.checkoutId ?? first.id))) {
    throw badRequest('A shipment goes to one address: its lines must all come from one checkout.', {
      lines: 'lines of several checkouts',
    });
  }
  lines.forEach((line, index) => {
    const refused = refusal(ordered[index]!, line.quantity);
    if (refused) throw refused;
  });

  const at = new Date();
  const row = await createShipmentsRepository(tx).insert(
    { carrier, trackingNumber, createdBy: admin.id },
    lines,
    at,
  );
  const after = [];
  for (const [index, line] of lines.entries()) {
    const before = ordered[index]!;
    const changed = await addShippedPieces(tx, line.orderId, line.quantity, at);
    // The rows are locked and checked above: only a broken invariant gets here.
    if (!changed) throw conflict(`Order ${before.number} changed while it was being shipped.`, 'CONFLICT');
    after.push(changed);
    await recordAudit(tx, admin, {
      action: 'order.shipped',
      subject: { type: 'order', id: before.id, label: before.number },
      before: { status: before.status, shippedQuantity: before.shippedQuantity },
      after: {
        status: changed.status,
        shippedQuantity: changed.shippedQuantity,
        shipment: row.number,
        carrier: carrierName(carrier),
        ...(trackingNumber && { trackingNumber }),
      },
    });
  }
  const view: ShipmentView = {
    ...row,
    lines: lines.map((line, index) => ({
      orderId: line.orderId,
      orderNumber: ordered[index]!.number,
      productName: ordered[index]!.productName,
      quantity: line.quantity,
    })),
  };
  const mailId = await queueShipmentMail(deps, tx, view, after, {
    checkoutNumber: first.checkoutNumber ?? null,
  });
  return { view, mailId };
}

/** POST /api/shipments: some pieces of lines of one checkout leave with a carrier and tracking number. */
export async function createShipment(
  deps: AppDeps,
  admin: Actor,
  body: CreateShipmentBody,
): Promise<Shipment> {
  const { view, mailId } = await deps.db.transaction((tx) =>
    shipLines(deps, tx, admin, body.lines, body.carrier, body.trackingNumber ?? null),
  );
  // After the answer: the admin never waits for the mail server (docs/decisions/0045).
  deps.mailer.deliverLater([mailId]);
  return toShipmentDto(view, true);
}

/**
 * The spec's Ship (PUT /api/order/shipped/:id): every piece still to ship of the line, in one shipment
 * by carrier 'Other' without a tracking number. Answers false when nothing was left to ship.
 */
export async function shipRemainder(deps: AppDeps, admin: Actor, orderId: string): Promise<boolean> {
  const mailId = await deps.db.transaction(async (tx) => {
    const [order] = await lockOrderLines(tx, [orderId]);
    if (!order) throw notFound('Order');
    if (order.status === 'cancelled') {
      throw conflict('This order was cancelled, so it cannot be shipped.', 'ORDER_CANCELLED');
    }
    if (!mayShip(order)) throw conflict('Only a paid order can be shipped.', 'ORDER_UNPAID');
    // What is in hand: back-ordered pieces wait for stock (decision 0238).
    const left = order.quantity - order.shippedQuantity - order.backorderedQuantity;
    if (left === 0) {
      if (order.backorderedQuantity > 0) {
        throw conflict(
          `Order ${order.number} has ${order.backorderedQuantity} pieces back-ordered and none in stock to ship yet.`,
          'BACKORDERED',
        );
      }
      return undefined;
    }
    return (await shipLines(deps, tx, admin, [{ orderId, quantity: left }], 'other', null)).mailId;
  });
  if (!mailId) return false;
  deps.mailer.deliverLater([mailId]);
  return true;
}

/** The shipments of one order line, for whoever may read the order (its buyer, their company, admins). */
export async function listOrderShipments(deps: AppDeps, user: Actor, orderId: string): Promise<Shipment[]> {
  const order = await getOrder(deps, user, orderId);
  const views = await createShipmentsRepository(deps.db).listByOrder(order.id);
  return views.map((view) => toShipmentDto(view, user.role === 'admin'));
}

/** The shipments of the orders My Orders lists: the person's own and, by role, their company's. */
export async function listMyShipments(deps: AppDeps, user: Actor): Promise<Shipment[]> {
  const views = await createShipmentsRepository(deps.db).listByReader(
    user.id,
    await readableCompanyOf(deps.db, user.id),
  );
  return views.map((view) => toShipmentDto(view));
}

/** One shipment with its lines' orders, for its packing slip (admin). */
export async function findShipment(deps: Pick<AppDeps, 'db'>, id: string): Promise<ShipmentView> {
  const view = await createShipmentsRepository(deps.db).findById(id);
  if (!view) throw notFound('Shipment');
  return view;
}

/** The packing slip of a shipment as a PDF: its lines with what was ordered and what is still to come. */
export async function packingSlip(deps: Pick<AppDeps, 'db' | 'config'>, id: string) {
  const shipment = await findShipment(deps, id);
  const lines = await Promise.all(
    shipment.lines.map(async (line) => {
      const order = await findOrder(deps.db, line.orderId);
      if (!order) throw notFound('Order');
      return { order, quantity: line.quantity };
    }),
  );
  const { order } = lines[0]!;
  const pdf = await renderPackingSlipPdf(
    shipment,
    lines,
    {
      name: order.customerName,
      address: order.address,
      phone: order.phone,
      checkoutNumber: order.checkoutNumber ?? null,
      poReference: order.poReference ?? null,
    },
    sellerOf(deps.config),
  );
  return { filename: `${shipment.number}.pdf`, pdf };
}

/**
 * When the pieces of an order line last left (in `db`, the caller's transaction): its newest shipment,
 * or for a line shipped before shipments were recorded, its shipped day; null when nothing shipped.
 */
export async function lastShippedAt(
  db: Executor,
  order: { id: string; shippedAt: Date | null },
): Promise<Date | null> {
  return (await createShipmentsRepository(db).lastShippedAt(order.id)) ?? order.shippedAt;
}
