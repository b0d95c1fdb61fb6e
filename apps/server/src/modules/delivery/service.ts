import {
  allocateCents,
  deliveryOptions,
  deliveryProblem,
  methodRatesProblem,
  orderWeightGrams,
} from '@forgeline/shared/delivery';
import type {
  DeliveryMethod,
  DeliveryRate,
  DeliveryZone,
  Destination,
  ParcelFacts,
} from '@forgeline/shared/delivery';
import { toCents, toDollars, centsFigure } from '@forgeline/shared/money';
import type {
  DeliveryChoice,
  DeliveryMethodBodySchema,
  DeliveryMethodDto,
  DeliveryOptions,
  DeliveryZoneBody,
  DeliveryZoneDto,
} from '@forgeline/shared/schemas/delivery';
import { taxOnCents } from '@forgeline/shared/tax';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { CheckoutRow, DeliveryMethodRow, DeliveryZoneRow } from '../../db/schema/index.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { badRequest, conflict, DomainError, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { storedCartLines, toCart } from '../cart/index.ts';
import { findProducts, pricingOfRow } from '../products/index.ts';
import { lineTotalCents } from '@forgeline/shared/pricing';
import { isUuid } from '../../lib/uuid.ts';
import { buyerTaxSummary } from '../tax/index.ts';
import { queueFreightPricedMail } from './mail.ts';
import { createDeliveryRepository } from './repository.ts';

type MethodBody = z.output<typeof DeliveryMethodBodySchema>;

export const toZoneDto = (row: DeliveryZoneRow): DeliveryZoneDto => ({
  id: row.id,
  name: row.name,
  destinations: row.destinations,
});

export const toMethodDto = (row: DeliveryMethodRow): DeliveryMethodDto => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  active: row.active,
  rates: row.rates.map((rate) => ({
    zoneId: rate.zoneId,
    price: toDollars(rate.cents),
    bands: rate.bands.map((band) => ({ maxGrams: band.maxGrams, price: toDollars(band.cents) })),
    freeFrom: rate.freeFromCents === null ? null : toDollars(rate.freeFromCents),
  })),
});

const zoneOfRow = (row: DeliveryZoneRow): DeliveryZone => ({
  id: row.id,
  name: row.name,
  destinations: row.destinations,
});
const methodOfRow = (row: DeliveryMethodRow): DeliveryMethod => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  active: row.active,
  rates: row.rates,
});

/** The shop's zones and methods as the pure rules read them. */
async function rulesOf(db: Executor) {
  const repository = createDeliveryRepository(db);
  return {
    zones: (await repository.zones()).map(zoneOfRow),
    methods: await repository.methods(),
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* The shop admin's zones and methods                                                                */
/* ------------------------------------------------------------------------------------------------ */

export const listZones = async (db: Executor) => (await createDeliveryRepository(db).zones()).map(toZoneDto);
export const listMethods = async (db: Executor) =>
  (await createDeliveryRepository(db).methods()).map(toMethodDto);

const zoneTaken = (name: string) => conflict(`A delivery zone named '${name}' exists already.`);
const methodTaken = (name: string) => conflict(`A delivery method named '${name}' exists already.`);
const unique = (values: readonly string[]) => [...new Set(values)];

export async function saveZone(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  body: DeliveryZoneBody,
  id?: string,
): Promise<DeliveryZoneDto> {
  const values = { name: body.name, destinations: unique(body.destinations) };
  return deps.db.transaction(async (tx) => {
    const repository = createDeliveryRepository(tx);
    const saved = id ? await repository.updateZone(id, values) : await repository.insertZone(values);
    if (saved === 'missing') throw notFound('Delivery zone');
    if (saved === 'taken' || !saved) throw zoneTaken(body.name);
    await recordAudit(tx, admin, {
      action: 'delivery_zone.saved',
      subject: { type: 'delivery_zone', id: saved.id, label: saved.name },
      after: toZoneDto(saved),
    });
    return toZoneDto(saved);
  });
}

/** Deletes a zone no method has a rate for (409 naming the methods that still do). */
export async function deleteZone(deps: Pick<AppDeps, 'db'>, admin: AuditActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const repository = createDeliveryRepository(tx);
    const zones = await repository.lockZones();
    const zone = zones.find((row) => row.id === id);
    if (!zone) throw notFound('Delivery zone');
    const using = await repository.methodsUsingZone(id);
    if (using.length > 0) {
      throw conflict(
        `The zone '${zone.name}' is still priced by ${using.map((m) => `'${m.name}'`).join(', ')}: remove its rate there first.`,
      );
    }
    await repository.deleteZone(id);
    await recordAudit(tx, admin, {
      action: 'delivery_zone.deleted',
      subject: { type: 'delivery_zone', id, label: zone.name },
      before: toZoneDto(zone),
    });
  });
}

const ratesOfBody = (body: MethodBody): DeliveryRate[] =>
  body.kind === 'collection'
    ? []
    : body.rates.map((rate) => ({
        zoneId: rate.zoneId,
        cents: toCents(rate.price),
        bands:
          body.kind === 'weight'
            ? [...rate.bands]
                .sort((a, b) => a.maxGrams - b.maxGrams)
                .map((band) => ({ maxGrams: band.maxGrams, cents: toCents(band.price) }))
            : [],
        freeFromCents: body.kind === 'free_over' && rate.freeFrom !== null ? toCents(rate.freeFrom) : null,
      }));

/** Adds or changes a method; its rates must name zones that exist (locked while it is saved). */
export async function saveMethod(
  deps: Pick<AppDeps, 'db'>,
  admin: AuditActor,
  body: MethodBody,
  id?: string,
): Promise<DeliveryMethodDto> {
  const rates = ratesOfBody(body);
  return deps.db.transaction(async (tx) => {
    const repository = createDeliveryRepository(tx);
    const zoneIds = new Set((await repository.lockZones()).map((zone) => zone.id));
    const problem = methodRatesProblem(body.kind, rates, zoneIds);
    if (problem) {
      const unknown = rates.find((rate) => !zoneIds.has(rate.zoneId));
      if (unknown) throw new DomainError('UNKNOWN_ZONE', problem, { rates: problem });
      throw badRequest(problem, { rates: problem });
    }
    const values = { name: body.name, kind: body.kind, active: body.active, rates };
    const saved = id ? await repository.updateMethod(id, values) : await repository.insertMethod(values);
    if (saved === 'missing') throw notFound('Delivery method');
    if (saved === 'taken' || !saved) throw methodTaken(body.name);
    await recordAudit(tx, admin, {
      action: 'delivery_method.saved',
      subject: { type: 'delivery_method', id: saved.id, label: saved.name },
      after: toMethodDto(saved),
    });
    return toMethodDto(saved);
  });
}

/** Deletes a method; checkouts placed with it keep its name and price as they were. */
export async function deleteMethod(deps: Pick<AppDeps, 'db'>, admin: AuditActor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await createDeliveryRepository(tx).deleteMethod(id);
    if (!row) throw notFound('Delivery method');
    await recordAudit(tx, admin, {
      action: 'delivery_method.deleted',
      subject: { type: 'delivery_method', id, label: row.name },
      before: toMethodDto(row),
    });
  });
}

/* ------------------------------------------------------------------------------------------------ */
/* Choosing and charging delivery                                                                    */
/* ------------------------------------------------------------------------------------------------ */

/** True when the shop offers at least one method: a cart checkout must then choose one. */
export const deliveryOffered = (db: Executor) => createDeliveryRepository(db).hasActiveMethod();

/**
 * Every placement asks this before it prices (decision 0268): the buyer's choice, or 400
 * DELIVERY_REQUIRED when the shop offers any method and none was chosen.
 */
export async function requireDeliveryChoice(
  db: Executor,
  choice: DeliveryChoice | null | undefined,
): Promise<DeliveryChoice | undefined> {
  if (choice) return choice;
  if (await deliveryOffered(db)) {
    const message = 'Choose a delivery method for your order.';
    throw new DomainError('DELIVERY_REQUIRED', message, { delivery: message });
  }
  return undefined;
}

/**
 * The spec's single-part order form sends no delivery (decision 0268): the cheapest method that ships
 * these goods to `destination` at a price known now (not collection: the buyer gave an address; not
 * freight quoted later). Undefined, no delivery charge, when the shop offers no method, its own country
 * is not configured or no priced method serves: the spec's purchase never fails for want of a rate.
 */
export async function cheapestShipping(
  db: Executor,
  destination: Destination | null,
  facts: ParcelFacts,
): Promise<DeliveryChoice | undefined> {
  if (!(await deliveryOffered(db))) return undefined;
  const { zones, methods } = await rulesOf(db);
  const option = destination
    ? deliveryOptions(zones, methods.map(methodOfRow), destination, facts).find(
        (candidate) => candidate.kind !== 'collection' && candidate.cents !== null,
      )
    : undefined;
  // Nothing priced delivers there (or the shop's country is not configured): the spec's form still
  // places the order, without a delivery charge, as it always did; the shop arranges the delivery.
  if (!option || !destination) return undefined;
  return { methodId: option.methodId, country: destination.country, region: destination.region };
}

/** The chosen method as it prices this order now: its cost (null: freight quoted later), or a 400 naming why not. */
export async function priceDelivery(
  tx: Executor,
  choice: DeliveryChoice,
  facts: ParcelFacts,
): Promise<{ method: DeliveryMethodRow; cents: number | null; destination: Destination }> {
  const { zones, methods } = await rulesOf(tx);
  const destination = { country: choice.country, region: choice.region ?? null };
  const rules = methods.map(methodOfRow);
  const problem = deliveryProblem(zones, rules, destination, facts, choice.methodId);
  const method = methods.find((row) => row.id === choice.methodId);
  if (problem || !method) {
    const message = problem ?? 'This delivery method is not offered: please choose another.';
    throw new DomainError('DELIVERY_UNAVAILABLE', message, { delivery: message });
  }
  const [option] = deliveryOptions(zones, [methodOfRow(method)], destination, facts);
  return { method, cents: option?.cents ?? null, destination };
}

/** The methods that serve the buyer's cart to `destination`, cheapest first, each with its tax. */
export async function deliveryOptionsForCart(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  destination: Destination,
): Promise<DeliveryOptions> {
  const stored = await storedCartLines(deps.db, userId);
  return deliveryOptionsFor(deps, userId, destination, {
    netCents: toCart(stored).totalCents,
    weightGrams: orderWeightGrams(
      stored.map((line) => ({ weightGrams: line.product.weightGrams, quantity: line.quantity })),
    ),
  });
}

/**
 * The methods that serve given lines (the admin's 'order for this customer') at their list prices: only
 * shown, the placement prices them again at the buyer's own (decision 0268).
 */
export async function deliveryOptionsForLines(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  destination: Destination,
  lines: readonly { productId: string; quantity: number }[],
): Promise<DeliveryOptions> {
  const products = new Map(
    // An id that is no uuid names no part (and never reaches the uuid column).
    (
      await findProducts(
        deps.db,
        lines.flatMap((line) => (isUuid(line.productId) ? [line.productId] : [])),
      )
    ).map((row) => [row.id, row]),
  );
  const known = lines.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [{ product, quantity: line.quantity }] : [];
  });
  return deliveryOptionsFor(deps, userId, destination, {
    netCents: known.reduce(
      (sum, { product, quantity }) => sum + lineTotalCents(pricingOfRow(product), quantity),
      0,
    ),
    weightGrams: orderWeightGrams(
      known.map(({ product, quantity }) => ({ weightGrams: product.weightGrams, quantity })),
    ),
  });
}

/** The methods that serve goods of `facts` (a cart, an offer) to `destination`, cheapest first, each with its tax. */
export async function deliveryOptionsFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  destination: Destination,
  facts: ParcelFacts,
): Promise<DeliveryOptions> {
  const { zones, methods } = await rulesOf(deps.db);
  const options = deliveryOptions(zones, methods.map(methodOfRow), destination, facts);
  return {
    weightGrams: facts.weightGrams,
    options: await Promise.all(
      options.map(async (option) => {
        const taxed =
          option.cents !== null && option.cents > 0
            ? await buyerTaxSummary(deps.db, deps.config.taxSeller, userId, [
                { category: 'standard', netCents: option.cents },
              ])
            : undefined;
        return {
          methodId: option.methodId,
          name: option.name,
          kind: option.kind,
          cost: option.cents === null ? null : toDollars(option.cents),
          tax: option.cents === null ? null : taxed?.problem ? null : (taxed?.tax ?? 0),
          zoneName: option.zoneName,
        };
      }),
    ),
  };
}

/** Each line's share of a delivery charge and of its tax, by the lines' net values. */
export function deliveryShares(
  lines: readonly { totalCents: number }[],
  cents: number,
  taxCents: number,
): { cents: number; taxCents: number }[] {
  const weights = lines.map((line) => line.totalCents);
  const net = allocateCents(cents, weights);
  const tax = allocateCents(taxCents, weights);
  return lines.map((_, index) => ({ cents: net[index] ?? 0, taxCents: tax[index] ?? 0 }));
}

/**
 * The shop prices freight quoted on request (decision 0236): the checkout and its standing lines locked,
 * the price and its tax (at the rate frozen when placed) split over the unpaid lines, the buyer told in
 * the same transaction. Then the checkout is paid as any other: by card, or on its terms' invoice.
 */
export async function priceFreight(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log'>,
  admin: AuditActor,
  checkoutId: string,
  price: number,
  /** What follows in the same transaction (an invoice on payment terms is issued now). */
  afterPriced: (tx: Executor, checkout: CheckoutRow) => Promise<void> = async () => {},
): Promise<{ checkout: CheckoutRow; mailId: string }> {
  const cents = toCents(price);
  return deps.db.transaction(async (tx) => {
    const repository = createDeliveryRepository(tx);
    const found = await repository.lockCheckoutForFreight(checkoutId);
    if (!found) throw notFound('Checkout');
    const { checkout, lines } = found;
    if (checkout.deliveryStatus !== 'awaiting_quote') {
      throw conflict(
        checkout.deliveryStatus === 'priced'
          ? `The freight of ${checkout.number} is priced already ($${centsFigure(checkout.deliveryCents)}).`
          : `${checkout.number} has no freight quoted on request.`,
        'FREIGHT_ALREADY_PRICED',
      );
    }
    const unpaid = lines.filter((line) => !line.paid);
    if (unpaid.length === 0) {
      throw conflict(
        `Every line of ${checkout.number} is cancelled or paid: there is nothing left to charge the freight to.`,
        'FREIGHT_ALREADY_PRICED',
      );
    }
    const taxCents = taxOnCents(cents, checkout.deliveryTaxRateBasisPoints);
    const shares = deliveryShares(unpaid, cents, taxCents);
    const saved = await repository.setFreight(
      checkout.id,
      { cents, taxCents },
      unpaid.map((line, index) => ({ orderId: line.id, ...shares[index]! })),
    );
    if (!saved)
      throw conflict(`The freight of ${checkout.number} is priced already.`, 'FREIGHT_ALREADY_PRICED');
    await recordAudit(tx, admin, {
      action: 'checkout.freight_priced',
      subject: { type: 'checkout', id: checkout.id, label: checkout.number },
      before: { deliveryStatus: 'awaiting_quote' },
      after: { deliveryStatus: 'priced', freight: toDollars(cents), tax: toDollars(taxCents) },
    });
    await afterPriced(tx, saved);
    const mailId = await queueFreightPricedMail(deps, tx, saved, unpaid, { cents, taxCents });
    return { checkout: saved, mailId };
  });
}
