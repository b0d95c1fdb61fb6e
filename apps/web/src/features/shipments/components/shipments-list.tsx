import type { Shipment } from '@forgeline/shared/schemas/shipment';
import { formatMoment } from '@/lib/format-date';
import { CardFacts, CompactCards } from '@/components/ui/card-list';

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
  <CompactCards items={shipments} label={label} testId="shipment">
    {(shipment) => (
      <>
        <CardFacts>
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
        </CardFacts>
        <ul className="pt-0.5 text-base-content/80">
          {shipment.lines.map((line) => (
            <li key={line.orderId}>
              <span className="font-mono">{line.orderNumber}</span> {line.productName} × {line.quantity}
            </li>
          ))}
        </ul>
      </>
    )}
  </CompactCards>
);
