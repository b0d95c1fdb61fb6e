/**
 * The carriers the shop ships with and how each one's tracking page is reached: the one place the
 * templates live (the server's mails and answers and the web's links read them from here). 'Other' is a
 * carrier we cannot link to (a local haulier, a pick-up): its shipments show the number without a link.
 */
export const CARRIERS = ['dhl', 'ups', 'fedex', 'usps', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const CARRIER_INFO: Record<Carrier, { name: string; template: string | null }> = {
  dhl: { name: 'DHL', template: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={tracking}' },
  ups: { name: 'UPS', template: 'https://www.ups.com/track?tracknum={tracking}' },
  fedex: { name: 'FedEx', template: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  usps: { name: 'USPS', template: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}' },
  other: { name: 'Other', template: null },
};

/** 'DHL', 'FedEx'…: how a person writes the carrier's name. */
export const carrierName = (carrier: Carrier): string => CARRIER_INFO[carrier].name;

/** The carrier's tracking page for this number, or null (carrier 'Other', or no number). */
export function trackingUrl(carrier: Carrier, trackingNumber: string | null | undefined): string | null {
  const { template } = CARRIER_INFO[carrier];
  if (!template || !trackingNumber) return null;
  return template.replace('{tracking}', encodeURIComponent(trackingNumber));
}

/** The carriers as a form's choices, in the order the shop uses them most. */
export const CARRIER_CHOICES = CARRIERS.map((value) => ({ value, label: carrierName(value) }));
