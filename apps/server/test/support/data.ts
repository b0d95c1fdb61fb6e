import { asc, eq } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import {
  auditLog,
  cartLines,
  checkouts,
  contactMessages,
  invoices,
  newsletterSubscribers,
  quoteLines,
  quoteMessages,
  quotes,
  orders,
  paymentEvents,
  companies,
  companyAddresses,
  companyInvitations,
  companyMembers,
  orderRequests,
  savedLists,
  savedListLines,
  customerGroups,
  priceLists,
  priceListItems,
  priceListAssignments,
  productAccess,
  apiKeys,
  products,
  reviews,
  shipmentLines,
  deliveryZones,
  deliveryMethods,
  shipments,
  testPaymentIntents,
  userProfiles,
  users,
  type ProductRow,
} from '../../src/db/schema/index.ts';
import { createOrdersRepository } from '../../src/modules/orders/repository.ts';
import { createProductsRepository } from '../../src/modules/products/repository.ts';
import type { TestUser } from '../auth-helper.ts';

/**
 * Everything the API's own endpoints may change, read straight from the database: a refused request
 * must leave it exactly as it was. (Sessions are left out: signing in is not a change of this kind.)
 */
export async function snapshot(app: App) {
  const [
    orderRows,
    productRows,
    reviewRows,
    intentRows,
    eventRows,
    userRows,
    profileRows,
    messageRows,
    subscriberRows,
    quoteRows,
    quoteLineRows,
    quoteMessageRows,
    invoiceRows,
    cartRows,
    checkoutRows,
    companyRows,
    memberRows,
    addressRows,
    invitationRows,
    requestRows,
    listRows,
    listLineRows,
    auditRows,
    groupRows,
    priceListRows,
    priceListItemRows,
    assignmentRows,
    accessRows,
    apiKeyRows,
    shipmentRows,
    shipmentLineRows,
    zoneRows,
    methodRows,
  ] = await Promise.all([
    app.db.select().from(orders).orderBy(asc(orders.id)),
    app.db.select().from(products).orderBy(asc(products.id)),
    app.db.select().from(reviews).orderBy(asc(reviews.id)),
    app.db.select().from(testPaymentIntents).orderBy(asc(testPaymentIntents.id)),
    app.db.select().from(paymentEvents).orderBy(asc(paymentEvents.id)),
    app.db.select().from(users).orderBy(asc(users.id)),
    app.db.select().from(userProfiles).orderBy(asc(userProfiles.userId)),
    app.db.select().from(contactMessages).orderBy(asc(contactMessages.id)),
    app.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.id)),
    app.db.select().from(quotes).orderBy(asc(quotes.id)),
    app.db.select().from(quoteLines).orderBy(asc(quoteLines.id)),
    app.db.select().from(quoteMessages).orderBy(asc(quoteMessages.id)),
    app.db.select().from(invoices).orderBy(asc(invoices.id)),
    app.db.select().from(cartLines).orderBy(asc(cartLines.userId), asc(cartLines.productId)),
    app.db.select().from(checkouts).orderBy(asc(checkouts.id)),
    app.db.select().from(companies).orderBy(asc(companies.id)),
    app.db.select().from(companyMembers).orderBy(asc(companyMembers.userId)),
    app.db.select().from(companyAddresses).orderBy(asc(companyAddresses.id)),
    app.db.select().from(companyInvitations).orderBy(asc(companyInvitations.id)),
    app.db.select().from(orderRequests).orderBy(asc(orderRequests.id)),
    app.db.select().from(savedLists).orderBy(asc(savedLists.id)),
    app.db.select().from(savedListLines).orderBy(asc(savedListLines.listId), asc(savedListLines.productId)),
    // A refused admin action writes no audit entry either (docs/decisions/0106).
    app.db.select().from(auditLog).orderBy(asc(auditLog.id)),
    app.db.select().from(customerGroups).orderBy(asc(customerGroups.id)),
    app.db.select().from(priceLists).orderBy(asc(priceLists.id)),
    app.db
      .select()
      .from(priceListItems)
      .orderBy(asc(priceListItems.priceListId), asc(priceListItems.productId)),
    app.db.select().from(priceListAssignments).orderBy(asc(priceListAssignments.id)),
    app.db.select().from(productAccess).orderBy(asc(productAccess.id)),
    app.db.select().from(apiKeys).orderBy(asc(apiKeys.id)),
    app.db.select().from(shipments).orderBy(asc(shipments.id)),
    app.db.select().from(shipmentLines).orderBy(asc(shipmentLines.shipmentId), asc(shipmentLines.orderId)),
    app.db.select().from(deliveryZones).orderBy(asc(deliveryZones.id)),
    app.db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.id)),
  ]);
  return {
    orders: orderRows,
    products: productRows,
    reviews: reviewRows,
    intents: intentRows,
    events: eventRows,
    users: userRows,
    profiles: profileRows,
    messages: messageRows,
    subscribers: subscriberRows,
    quotes: quoteRows,
    quoteLines: quoteLineRows,
    quoteMessages: quoteMessageRows,
    invoices: invoiceRows,
    cartLines: cartRows,
    checkouts: checkoutRows,
    companies: companyRows,
    companyMembers: memberRows,
    companyAddresses: addressRows,
    companyInvitations: invitationRows,
    orderRequests: requestRows,
    savedLists: listRows,
    savedListLines: listLineRows,
    auditLog: auditRows,
    customerGroups: groupRows,
    priceLists: priceListRows,
    priceListItems: priceListItemRows,
    priceListAssignments: assignmentRows,
    productAccess: accessRows,
    apiKeys: apiKeyRows,
    shipments: shipmentRows,
    shipmentLines: shipmentLineRows,
    deliveryZones: zoneRows,
    deliveryMethods: methodRows,
  };
}

export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
};

/** A product of our own, with known figures, so tests don't depend on the demo catalogue. */
export async function makeProduct(
  app: App,
  values: Partial<
    Pick<
      ProductRow,
      | 'name'
      | 'priceCents'
      | 'minOrder'
      | 'availableQuantity'
      | 'sku'
      | 'packSize'
      | 'maxOrder'
      | 'priceTiers'
      | 'weightGrams'
    >
  > = {},
): Promise<ProductRow> {
  const [row] = await app.db
    .insert(products)
    .values({
      name: values.name ?? `Test part ${Math.random().toString(36).slice(2, 8)}`,
      priceCents: values.priceCents ?? 250,
      minOrder: values.minOrder ?? 1,
      availableQuantity: values.availableQuantity ?? 100,
      description: 'A part made for a test.',
      imageUrl: '/uploads/test.webp',
      ...(values.sku && { sku: values.sku }),
      packSize: values.packSize ?? 1,
      maxOrder: values.maxOrder ?? null,
      priceTiers: values.priceTiers ?? [],
      weightGrams: values.weightGrams ?? null,
    })
    .returning();
  app.catalogueCache.invalidate();
  return row!;
}

export async function stockOf(app: App, productId: string): Promise<number> {
  const [row] = await app.db
    .select({ stock: products.availableQuantity })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return row.stock;
}

export async function orderRow(app: App, id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export const orderBody = (productId: string, buyQuantity: number, extra: Record<string, unknown> = {}) => ({
  productId,
  buyQuantity,
  address: '12 Foundry Lane, Sheffield',
  phone: '+44 114 496 0000',
  ...extra,
});

/**
 * An order as POST /api/order would make it (stock taken in the same transaction), written directly so
 * that fixtures don't spend the customer's order rate limit. The endpoint itself is tested through HTTP.
 */
export async function placeOrder(
  app: App,
  user: TestUser,
  productId: string,
  quantity: number,
): Promise<string> {
  const row = await app.db.transaction(async (tx) => {
    const product = await createProductsRepository(tx).takeStock(productId, quantity);
    if (!product) throw new Error(`not enough stock of ${productId}`);
    return createOrdersRepository(tx).insert({
      userId: user.id,
      productId,
      customerName: user.name,
      customerEmail: user.email,
      productName: product.name,
      priceCents: product.priceCents,
      quantity,
      totalCents: product.priceCents * quantity,
      address: '12 Foundry Lane, Sheffield',
      phone: '+44 114 496 0000',
    });
  });
  app.catalogueCache.invalidate();
  return row.id;
}

export async function clientSecretFor(app: App, user: TestUser, orderId: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: user.headers,
    payload: { orderId },
  });
  if (res.statusCode !== 200) throw new Error(`intent failed: ${res.statusCode} ${res.body}`);
  return res.json<{ clientSecret: string }>().clientSecret;
}

/** Pays an order with the test processor's good card; answers the transaction id. */
export async function payOrder(app: App, user: TestUser, orderId: string): Promise<string> {
  const clientSecret = await clientSecretFor(app, user, orderId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/test-card/confirm',
    headers: user.headers,
    payload: { clientSecret, ...GOOD_CARD },
  });
  if (res.statusCode !== 200) throw new Error(`payment failed: ${res.statusCode} ${res.body}`);
  return res.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
}
