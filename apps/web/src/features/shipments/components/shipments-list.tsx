import type { Shipment } from '@forgeline/shared/schemas/shipment';
import { formatMoment } from '@/lib/format-date';

/** The tracking number, as a link to the carrier's page when the carrier has one (not for Other). */
export const TrackingNumber = ({ shipment }: { shipment: Shipment }) => {
  if (!shipment.trackingNumber) return <span>no tracking number</span>;
  return shipment.trackingUrl ? (
    <a
      className="link link-primary font-mono break-all"
      href={shipment.trackingUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Track ${shipment.number} with ${shipment.carrierName}: ${shipment.trackingNumber}`}
    >
      {shipment.trackingNumber}
    </a>
  ) : (
    <span className="font-mono break-all">{shipment.trackingNumber}</span>
  );
};

/**
 * Shipments as a buyer and an admin read them (decision 0232): number, date, carrier, the tracking number as
 * a link, the pieces of each line; the admin also gets the packing slip.
 */
export const ShipmentsList = ({ shipments, label }: { shipments: readonly Shipment[]; label: string }) => (
  <ul className="flex flex-col gap-2" aria-label={label}>
    {shipments.map((shipment) => (
      <li
        key={shipment._id}
        className="rounded-box border border-base-300 bg-base-100 px-3 py-2 text-sm"
        data-testid="shipment"
      >
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
          <span className="font-mono font-semibold">{shipment.number}</span>
          <time dateTime={shipment.shippedAt} className="text-base-content/75">
            {formatMoment(shipment.shippedAt)}
          </time>
          <span>
            {shipment.carrierName}: <TrackingNumber shipment={shipment} />
          </span>
          <span className="font-semibold">{shipment.pieces} pcs</span>
          {shipment.packingSlipUrl ? (
            <a className="link" href={shipment.packingSlipUrl} target="_blank" rel="noopener">
              Packing slip (PDF)
            </a>
          ) : null}
        </p>
        <ul className="pt-0.5 text-base-content/80">
          {shipment.lines.map((line) => (
            <li key={line.orderId}>
              <span className="font-mono">{line.orderNumber}</span> {line.productName} × {line.quantity}
            </li>
          ))}
        </ul>
      </li>
    ))}
  </ul>
);
