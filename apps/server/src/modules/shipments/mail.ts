import { carrierName, trackingUrl } from '@forgeline/shared/carriers';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { MailDeps } from '../../lib/deps.ts';
import type { MailMessage } from '../../plugins/app/mail.ts';
import type { ShipmentView } from './repository.ts';

/**
 * The buyer's mail about one shipment: what left, what is still to come, the carrier and the link to
 * follow it. `lines` are the order lines as the shipment left them (their shipped pieces included).
 */
export function shipmentMail(
  shipment: ShipmentView,
  lines: readonly OrderRow[],
  site: { publicUrl: string; checkoutNumber: string | null },
): MailMessage {
  const first = lines[0]!;
  const complete = lines.every((line) => line.status === 'shipped');
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber);
  const what =
    shipment.lines.length === 1
      ? `${shipment.lines[0]!.quantity} pcs of ${first.productName}`
      : `${shipment.lines.length} parts of your order ${site.checkoutNumber ?? first.number}`;
  const items = shipment.lines.map((item) => {
    const line = lines.find((row) => row.id === item.orderId)!;
    const left = line.quantity - line.shippedQuantity;
    return `  ${line.number}  ${line.productName}: ${item.quantity} pcs${left > 0 ? ` (${left} still to come)` : ''}`;
  });
  const text = [
    `Hello ${first.customerName},`,
    '',
    complete
      ? `Your order has left our works for ${first.address}.`
      : `Part of your order has left our works for ${first.address}; we will write again when the rest ships.`,
    '',
    `Shipment:   ${shipment.number}`,
    // The numbers the buyer sees in My Orders and quotes to us.
    lines.length === 1
      ? `Order:      ${first.number}`
      : `Orders:     ${lines.map((line) => line.number).join(', ')}${site.checkoutNumber ? ` (checkout ${site.checkoutNumber})` : ''}`,
    `Carrier:    ${carrierName(shipment.carrier)}`,
    ...(shipment.trackingNumber ? [`Tracking:   ${shipment.trackingNumber}`] : []),
    ...(link ? [`Follow it:  ${link}`] : []),
    '',
    'In this shipment:',
    ...items,
    '',
    `Your orders: ${site.publicUrl}/dashboard/myOrders`,
    '',
    'Forgeline',
    '',
  ].join('\n');
  return { to: first.customerEmail, subject: `Shipped: ${what}`, text };
}

/** Writes the shipment's mail to the outbox in `tx`, the shipment's own transaction (docs/decisions/0120). */
export const queueShipmentMail = (
  deps: MailDeps,
  tx: Executor,
  shipment: ShipmentView,
  lines: readonly OrderRow[],
  extra: { checkoutNumber: string | null },
): Promise<string> =>
  deps.mailer.enqueue(tx, shipmentMail(shipment, lines, { publicUrl: deps.config.publicUrl, ...extra }));
