import { z } from 'zod';
import { fromFormField } from '../form-number.ts';
import { CARRIERS, carrierName } from '../carriers.ts';
import { LIMITS } from '../constants.ts';

const CARRIER_LIST = `${CARRIERS.slice(0, -1).map(carrierName).join(', ')} or ${carrierName('other')}`;

/** A carrier's tracking number: letters, digits, spaces and dashes, as printed on the label. */
const TRACKING_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const CarrierSchema = z.enum(CARRIERS, { error: `Choose the carrier: ${CARRIER_LIST}.` });

const trackingNumber = z
  .string({ error: 'The tracking number must be text.' })
  .trim()
  .max(LIMITS.trackingNumberMax, {
    error: `A tracking number has at most ${LIMITS.trackingNumberMax} characters.`,
    abort: true,
  })
  .regex(TRACKING_PATTERN, 'A tracking number holds only letters, digits, spaces and dashes.');

const pieces = (message: string) =>
  z.number({ error: message }).int('Ship whole pieces only.').max(LIMITS.quantityMax, message);

/** One line of a shipment: so many pieces of one order line. */
export const ShipmentLineBodySchema = z.object({
  orderId: z
    .string({ error: 'Each line needs its orderId.' })
    .trim()
    .min(1, 'Each line needs its orderId.')
    .max(100),
  quantity: pieces('Each line needs a quantity of at least 1 piece.').min(
    1,
    'Each line needs a quantity of at least 1 piece.',
  ),
});

/** A carrier other than 'Other' is tracked: without its number the buyer has nothing to follow. */
const trackedByCarrier = (
  body: { carrier: string; trackingNumber?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (body.carrier !== 'other' && !body.trackingNumber) {
    ctx.addIssue({
      code: 'custom',
      path: ['trackingNumber'],
      message: 'Enter the tracking number the carrier gave (only carrier Other ships without one).',
    });
  }
};

/**
 * POST /api/shipments (admin): some pieces of one or more order lines of one checkout leave the works
 * together, with the carrier and its tracking number.
 */
export const CreateShipmentBodySchema = z
  .object({
    lines: z
      .array(ShipmentLineBodySchema, { error: 'lines must be a list of { orderId, quantity }.' })
      .min(1, 'Pick at least one piece to ship.')
      .max(LIMITS.cartLinesMax, `A shipment has at most ${LIMITS.cartLinesMax} lines.`)
      .refine(
        (lines) => new Set(lines.map((line) => line.orderId)).size === lines.length,
        'Each order line may appear once in a shipment.',
      ),
    carrier: CarrierSchema,
    trackingNumber: trackingNumber.optional().transform((value) => value || undefined),
  })
  .superRefine(trackedByCarrier);
export type CreateShipmentBody = z.infer<typeof CreateShipmentBodySchema>;
/** What a client sends (the tracking number may be left out). */
export type CreateShipmentBodyInput = z.input<typeof CreateShipmentBodySchema>;

/** A form's number field: an empty box is 0 pieces (the line is not in this shipment). */
const formPieces = z.preprocess(
  (value) => (value === undefined ? 0 : fromFormField(0)(value)),
  pieces('Enter a number of pieces.').min(0, 'Enter a number of pieces, 0 or more.'),
);

/**
 * The admin's ship form: a quantity per line (0 leaves it out), bounded by what is left to ship of each
 * line (`remaining` by order id), a carrier and a tracking number. The server checks the same again.
 */
export const shipmentFormSchema = (remaining: Readonly<Record<string, number>>) =>
  z
    .object({
      lines: z.array(
        z.object({ orderId: z.string(), quantity: formPieces }).superRefine((line, ctx) => {
          const left = remaining[line.orderId] ?? 0;
          if (line.quantity > left) {
            ctx.addIssue({
              code: 'custom',
              path: ['quantity'],
              message: left === 1 ? 'Only 1 piece is left to ship.' : `Only ${left} pieces are left to ship.`,
            });
          }
        }),
      ),
      carrier: CarrierSchema,
      trackingNumber: trackingNumber.or(z.literal('')).optional(),
    })
    .superRefine((form, ctx) => {
      if (!form.lines.some((line) => line.quantity > 0)) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Pick at least one piece to ship.' });
      }
      trackedByCarrier(form, ctx);
    });
export type ShipmentForm = z.input<ReturnType<typeof shipmentFormSchema>>;

/** One line of a shipment as its readers see it. */
export const ShipmentLineSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
});

/** A shipment on the wire: its carrier, tracking number and link (null for carrier Other), date and lines. */
export const ShipmentSchema = z.object({
  _id: z.string(),
  /** The number on its packing slip ('SH-100001'). */
  number: z.string(),
  carrier: CarrierSchema,
  carrierName: z.string(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  /** Pieces in it, all lines together. */
  pieces: z.number().int(),
  lines: z.array(ShipmentLineSchema),
  /** Its packing slip (admins only; absent in a buyer's answer). */
  packingSlipUrl: z.string().optional(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;
