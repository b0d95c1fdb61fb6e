import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PunchoutDocument } from '@forgeline/shared/schemas/punchout';
import {
  checkouts,
  companies,
  orders,
  priceListAssignments,
  priceListItems,
  priceLists,
  punchoutCredentials,
  punchoutDocuments,
  punchoutOrders,
  punchoutSessions,
  type ProductRow,
} from '../src/db/schema/index.ts';
import { createUser, sessionCookie, type TestUser } from './auth-helper.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { requestAs, type Method } from './support/cast.ts';
import { setUpPunchout } from './support/companies.ts';
import { makeProduct, snapshot } from './support/data.ts';

const SECRET = 'acme-shared-secret-2026';
const OCI_PASSWORD = 'acme-oci-password-2026';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });

/**
 * A procurement system of our own (test code): it sends cXML to the shop as Ariba or Coupa would, and
 * runs the page the buyer's browser posts the cart back to (BrowserFormPost URL, OCI HOOK_URL).
 */
class FakeProcurement {
  received: { path: string; fields: URLSearchParams }[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', fields: new URLSearchParams(body) });
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Cart received</p>');
    });
  });
  origin = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  header(secret: string) {
    return `<Header>
      <From><Credential domain="NetworkID"><Identity>AN-ACME</Identity></Credential></From>
      <To><Credential domain="NetworkID"><Identity>forgeline</Identity></Credential></To>
      <Sender><Credential domain="NetworkId"><Identity>AN-ACME</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Fake P2P 1.0</UserAgent></Sender>
    </Header>`;
  }

  setupRequest(secret = SECRET) {
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="setup-${Date.now()}@fake.example" timestamp="2026-11-28T10:00:00Z">
  ${this.header(secret)}
  <Request deploymentMode="test"><PunchOutSetupRequest operation="create">
    <BuyerCookie>cookie-&amp;-42</BuyerCookie>
    <BrowserFormPost><URL>${this.origin}/cxml/return</URL></BrowserFormPost>
  </PunchOutSetupRequest></Request>
</cXML>`;
  }

  /** An OrderRequest for the items of a PunchOutOrderMessage, with the prices it chooses to say. */
  orderRequest(
    orderId: string,
    items: { sku: string; auxId: string; quantity: number; price: string }[],
    shipTo = { country: 'GB', name: 'United Kingdom' },
  ) {
    const lines = items
      .map(
        (item, i) => `<ItemOut quantity="${item.quantity}" lineNumber="${i + 1}">
          <ItemID><SupplierPartID>${item.sku}</SupplierPartID><SupplierPartAuxiliaryID>${item.auxId}</SupplierPartAuxiliaryID></ItemID>
          <ItemDetail><UnitPrice><Money currency="USD">${item.price}</Money></UnitPrice><Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
        </ItemOut>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="order-${orderId}-${Math.random()}@fake.example" timestamp="2026-11-28T10:05:00Z">
  ${this.header(SECRET)}
  <Request><OrderRequest>
    <OrderRequestHeader orderID="${orderId}" orderDate="2026-11-28" type="new">
      <Total><Money currency="USD">0.01</Money></Total>
      <ShipTo><Address addressID="LDS"><Name xml:lang="en">Acme Works</Name>
        <PostalAddress><Street>1 Works Road</Street><City>Leeds</City><PostalCode>LS1 1AA</PostalCode><Country isoCountryCode="${shipTo.country}">${shipTo.name}</Country></PostalAddress>
        <Phone><TelephoneNumber><CountryCode isoCountryCode="GB">44</CountryCode><AreaOrCityCode>113</AreaOrCityCode><Number>4960000</Number></TelephoneNumber></Phone>
      </Address></ShipTo>
    </OrderRequestHeader>
    ${lines}
  </OrderRequest></Request>
</cXML>`;
  }
}

describe('punchout: a procurement system shops and orders at its contract prices', () => {
  let t: TestApp;
  let shop: TestUser;
  let buyer: TestUser;
  let companyId: string;
  let bolt: ProductRow;
  const fake = new FakeProcurement();

  const as = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
    requestAs(t.app, user, method, url, payload);
  const postCxml = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/punchout/cxml',
      headers: { 'content-type': 'text/xml; charset=UTF-8', ...headers },
      payload: body,
    });
  /** Everything that could change, punchout's own tables included. */
  const state = async () => ({
    api: await snapshot(t.app),
    sessions: await t.app.db.select().from(punchoutSessions),
    documents: await t.app.db.select().from(punchoutDocuments),
    orders: await t.app.db.select().from(punchoutOrders),
  });
  /** The browser's side of a visit: a cookie, our own origin for its posts. */
  const browser = (cookie: string) => ({ cookie, origin: t.app.config.publicUrl });

  /** The transfer page's form, read as a browser would, and posted where it says. */
  async function submitTransfer(cookie: string) {
    // As Chromium posts our page's form: Origin null (our Referrer-Policy), Sec-Fetch-Site same-origin.
    const page = await t.app.inject({
      method: 'POST',
      url: '/punchout/transfer',
      headers: { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(page.statusCode, page.body).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!.replaceAll('&#38;', '&');
    const fields = new URLSearchParams();
    for (const [, name, value] of page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields.append(unescape(name!), unescape(value!));
    // The page may post nowhere but there, and runs only its own script.
    expect(page.headers['content-security-policy']).toContain(`form-action ${fake.origin}`);
    expect(page.body).toMatch(
      /<script nonce="[^"]+">document.getElementById\('transfer'\).submit\(\);<\/script>/,
    );
    const before = fake.received.length;
    await fetch(action, { method: 'POST', body: fields });
    expect(fake.received).toHaveLength(before + 1);
    return fake.received[before]!;
  }
  const unescape = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

  const orderCount = async () =>
    (await t.app.db.select().from(orders).where(eq(orders.companyId, companyId))).length;

  beforeAll(async () => {
    await fake.start();
    t = await buildTestApp();
    shop = await createUser(t.app, { admin: true });
    buyer = await createUser(t.app, { name: 'Acme Buyer' });
    const created = await as(shop, 'POST', '/api/companies', {
      name: 'Acme Works Ltd',
      billingAddress: '1 Works Road, Leeds',
      country: 'GB',
    });
    companyId = created.json<{ id: string }>().id;
    const attached = await as(shop, 'POST', `/api/companies/${companyId}/members`, {
      email: buyer.email,
      role: 'buyer',
    });
    expect(attached.statusCode, attached.body).toBe(201);
    // Terms: what the procurement system orders is invoiced.
    await t.app.db
      .update(companies)
      .set({ termsDays: 30, creditLimitCents: 10_000_00 })
      .where(eq(companies.id, companyId));

    bolt = await makeProduct(t.app, {
      name: 'Hex bolt M12 & washer',
      sku: 'PO-BOLT-M12',
      priceCents: 250,
      availableQuantity: 1000,
    });
    const [contract] = await t.app.db.insert(priceLists).values({ name: 'Acme contract' }).returning();
    await t.app.db
      .insert(priceListItems)
      .values({ priceListId: contract!.id, productId: bolt.id, priceCents: 150 });
    await t.app.db.insert(priceListAssignments).values({ priceListId: contract!.id, companyId, priority: 1 });
    t.app.catalogueCache.invalidate();

    const saved = await setUpPunchout(t.app, shop, companyId, {
      buyerEmail: buyer.email,
      cxmlDomain: 'NetworkID',
      cxmlIdentity: 'AN-ACME',
      sharedSecret: SECRET,
      ociUsername: 'acme-oci',
      ociPassword: OCI_PASSWORD,
    });
    expect(saved.json()).toMatchObject({
      buyer: { email: buyer.email },
      cxmlDomain: 'networkid',
      hasSharedSecret: true,
      hasOciPassword: true,
    });
    expect(saved.body).not.toContain(SECRET);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('runs a whole cXML round trip: setup, browse at the contract price, transfer, order once', async () => {
    const setup = await postCxml(fake.setupRequest());
    expect(setup.statusCode, setup.body).toBe(200);
    const answer = xml.parse(setup.body);
    expect(answer.cXML.Response.Status['@code']).toBe('200');
    const startUrl = new URL(answer.cXML.Response.PunchOutSetupResponse.StartPage.URL as string);
    expect(startUrl.origin).toBe(t.app.config.publicUrl);

    // The start URL signs the buyer in and lands them in the catalogue; it works once.
    const start = await t.app.inject({ url: startUrl.pathname });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/search');
    const cookie = sessionCookie(start.headers['set-cookie']);
    const again = await t.app.inject({ url: startUrl.pathname });
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('used already or has expired');

    const visit = await t.app.inject({ url: '/api/punchout/session', headers: { cookie } });
    expect(visit.json()).toEqual({ active: true, protocol: 'cxml' });
    // The buyer's own session is no punchout visit.
    expect((await as(buyer, 'GET', '/api/punchout/session')).json()).toEqual({
      active: false,
      protocol: null,
    });
    const seen = await t.app.inject({ url: `/api/purchase/${bolt.id}`, headers: { cookie } });
    expect(seen.json<{ price: number }>().price).toBe(1.5);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: browser(cookie),
      payload: { lines: [{ productId: bolt.id, quantity: 12 }] },
    });
    expect(added.statusCode, added.body).toBe(200);

    // Transfer: the fake receives the PunchOutOrderMessage, at the contract price, with its cookie.
    const posted = await submitTransfer(cookie);
    expect(posted.path).toBe('/cxml/return');
    const message = xml.parse(posted.fields.get('cxml-urlencoded')!).cXML;
    const order = message.Message.PunchOutOrderMessage;
    expect(order.BuyerCookie).toBe('cookie-&-42');
    expect(order.PunchOutOrderMessageHeader.Total.Money['#text']).toBe('18.00');
    expect(order.ItemIn).toMatchObject({
      '@quantity': '12',
      ItemID: { SupplierPartID: 'PO-BOLT-M12', SupplierPartAuxiliaryID: bolt.id },
      ItemDetail: { UnitPrice: { Money: { '@currency': 'USD', '#text': '1.50' } } },
    });
    expect(order.ItemIn.ItemDetail.Description['#text']).toBe('Hex bolt M12 & washer');
    expect(message.Header.To.Credential.Identity).toBe('AN-ACME');

    // The visit has ended: its session is signed out, a second transfer finds nothing.
    expect((await t.app.inject({ url: '/api/punchout/session', headers: { cookie } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/punchout/transfer', headers: browser(cookie) }))
        .statusCode,
    ).toBe(401);

    // The OrderRequest says a price of its own: the order is priced from the company's view.
    const request = fake.orderRequest('PO-7001', [
      { sku: 'PO-BOLT-M12', auxId: bolt.id, quantity: 12, price: '0.01' },
    ]);
    expect(await orderCount()).toBe(0);
    const placed = await postCxml(request);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(xml.parse(placed.body).cXML.Response.Status['@code']).toBe('200');
    const [line] = await t.app.db.select().from(orders).where(eq(orders.companyId, companyId));
    expect(line).toMatchObject({ productId: bolt.id, quantity: 12, priceCents: 150, userId: buyer.id });
    // On the company's terms, with the procurement system's order id as the PO number.
    const [checkout] = await t.app.db.select().from(checkouts).where(eq(checkouts.id, line!.checkoutId!));
    expect(checkout).toMatchObject({ poReference: 'PO-7001', paymentMethod: 'invoice' });

    // A replay, and the same order id sent again with another payload id: the same order, once.
    const replays = await Promise.all([
      postCxml(request),
      postCxml(
        fake.orderRequest('PO-7001', [{ sku: 'PO-BOLT-M12', auxId: bolt.id, quantity: 12, price: '0.01' }]),
      ),
    ]);
    for (const replay of replays) {
      expect(replay.statusCode, replay.body).toBe(200);
      expect(xml.parse(replay.body).cXML.Response.Status['@code']).toBe('200');
    }
    expect(await orderCount()).toBe(1);

    // Every document in and out is in the company's trail, without a secret.
    const trail = await as(shop, 'GET', `/api/companies/${companyId}/punchout/documents?limit=200`);
    const documents = trail.json<PunchoutDocument[]>();
    expect(new Set(documents.map((d) => `${d.direction} ${d.kind}`))).toEqual(
      new Set([
        'in PunchOutSetupRequest',
        'out PunchOutSetupResponse',
        'out PunchOutOrderMessage',
        'in OrderRequest',
        'out Response',
      ]),
    );
    expect(documents.filter((d) => d.kind === 'OrderRequest')).toHaveLength(3);
    expect(trail.body).not.toContain(SECRET);
    expect(trail.body).not.toContain(startUrl.pathname.split('/').pop());
    // Buyers read no trail.
    expect((await as(buyer, 'GET', `/api/companies/${companyId}/punchout/documents`)).statusCode).toBe(403);
  });

  it('runs a whole SAP OCI round trip: the entry signs in, HOOK_URL receives the NEW_ITEM fields', async () => {
    const hook = `${fake.origin}/oci/hook?sap-client=100`;
    const query = new URLSearchParams({ USERNAME: 'acme-oci', PASSWORD: OCI_PASSWORD, HOOK_URL: hook });
    // SAP's page posts the entry form from its own site.
    const entry = await t.app.inject({
      method: 'POST',
      url: '/punchout/oci',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://srm.acme.example' },
      payload: query.toString(),
    });
    expect(entry.statusCode, entry.body).toBe(303);
    expect(entry.headers.location).toBe('/search');
    const cookie = sessionCookie(entry.headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/punchout/session', headers: { cookie } })).json()).toEqual({
      active: true,
      protocol: 'oci',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/lines',
      headers: browser(cookie),
      payload: { lines: [{ productId: bolt.id, quantity: 5 }] },
    });
    // Another site's page cannot make the browser transfer the cart (nor end the visit).
    for (const headers of [
      { cookie, 'sec-fetch-site': 'cross-site', origin: 'null' },
      { cookie, origin: 'https://evil.example' },
    ]) {
      const forged = await t.app.inject({ method: 'POST', url: '/punchout/transfer', headers });
      expect(forged.statusCode).toBe(403);
    }
    const posted = await submitTransfer(cookie);
    expect(posted.path).toBe('/oci/hook?sap-client=100');
    expect(Object.fromEntries(posted.fields)).toMatchObject({
      'NEW_ITEM-DESCRIPTION[1]': 'Hex bolt M12 & washer',
      'NEW_ITEM-QUANTITY[1]': '5',
      'NEW_ITEM-PRICE[1]': '1.50',
      'NEW_ITEM-CURRENCY[1]': 'USD',
      'NEW_ITEM-VENDORMAT[1]': 'PO-BOLT-M12',
      'NEW_ITEM-EXT_PRODUCT_ID[1]': bolt.id,
    });

    // The GET form of the entry works as well; a wrong password signs nobody in and keeps nothing.
    const viaGet = await t.app.inject({ url: `/punchout/oci?${query.toString()}` });
    expect(viaGet.statusCode).toBe(303);
    const before = await state();
    const wrong = await t.app.inject({
      url: `/punchout/oci?${new URLSearchParams({ username: 'acme-oci', password: 'not-the-password', hook_url: hook })}`,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await state()).toEqual(before);
  });

  it('places one order when the same new OrderRequest arrives several times at once', async () => {
    const before = await orderCount();
    const request = fake.orderRequest('PO-RACE', [
      { sku: 'PO-BOLT-M12', auxId: bolt.id, quantity: 3, price: '1.50' },
    ]);
    const answers = await Promise.all(Array.from({ length: 4 }, () => postCxml(request)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await orderCount()).toBe(before + 1);
    const [claim] = await t.app.db
      .select()
      .from(punchoutOrders)
      .where(eq(punchoutOrders.orderRef, 'PO-RACE'));
    expect(claim!.checkoutId).not.toBeNull();
  });

  it('answers a wrong shared secret with a 401 cXML status and changes nothing', async () => {
    const before = await state();
    for (const body of [
      fake.setupRequest('not-the-secret'),
      fake
        .orderRequest('PO-WRONG', [{ sku: 'PO-BOLT-M12', auxId: bolt.id, quantity: 1, price: '1.50' }])
        .replace(SECRET, 'nope'),
    ]) {
      const res = await postCxml(body);
      expect(res.statusCode).toBe(401);
      expect(xml.parse(res.body).cXML.Response.Status['@code']).toBe('401');
    }
    expect(await state()).toEqual(before);
  });

  it('refuses an order of an unknown part with a 400 cXML status, placing nothing', async () => {
    const orderRows = await orderCount();
    const res = await postCxml(
      fake.orderRequest('PO-BAD', [{ sku: 'NO-SUCH-PART', auxId: '', quantity: 1, price: '1' }]),
    );
    expect(res.statusCode).toBe(400);
    expect(xml.parse(res.body).cXML.Response.Status['#text']).toContain('no such part');
    expect(await orderCount()).toBe(orderRows);
    expect(await t.app.db.select().from(punchoutOrders).where(eq(punchoutOrders.orderRef, 'PO-BAD'))).toEqual(
      [],
    );
  });

  it('refuses an XML bomb and an oversized document quickly, and stays healthy', async () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('\n ')}
]>
<cXML><Header/><Request><PunchOutSetupRequest><BuyerCookie>&lol9;</BuyerCookie></PunchOutSetupRequest></Request></cXML>`;
    const before = await state();
    const started = Date.now();
    const bomb = await postCxml(laughs);
    expect(bomb.statusCode).toBe(400);
    expect(xml.parse(bomb.body).cXML.Response.Status['#text']).toContain('entity declarations are refused');
    // An internal DOCTYPE subset without entities is refused too, as is XML that is not well formed.
    expect((await postCxml('<!DOCTYPE cXML [<!ELEMENT cXML ANY>]><cXML/>')).statusCode).toBe(400);
    expect((await postCxml('<cXML><Request></cXML>')).statusCode).toBe(400);

    const big = await postCxml(`<cXML>${'<Extrinsic>x</Extrinsic>'.repeat(60_000)}</cXML>`);
    expect(big.statusCode).toBe(413);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await state()).toEqual(before);
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });

  it('answers 413 to a huge Content-Length before reading its body', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        // Says 50 MB, sends a few bytes, and waits: the answer must not wait for the rest.
        socket.write(
          'POST /punchout/cxml HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nContent-Length: 52428800\r\n\r\n<cXML>',
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
        if (data.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1.1 413/);
  });

  it('lets only a member who may order be the punchout buyer, and keeps identities apart', async () => {
    const stranger = await createUser(t.app);
    const res = await as(shop, 'PUT', `/api/companies/${companyId}/punchout`, {
      buyerEmail: stranger.email,
      cxmlDomain: 'NetworkID',
      cxmlIdentity: 'AN-ACME',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The punchout buyer must be a member of this company.' });
    // Secrets left out are kept.
    await setUpPunchout(t.app, shop, companyId, {
      buyerEmail: buyer.email,
      cxmlDomain: 'NetworkID',
      cxmlIdentity: 'AN-ACME',
      ociUsername: 'acme-oci',
    });
    expect((await postCxml(fake.setupRequest())).statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(punchoutCredentials)
      .where(eq(punchoutCredentials.companyId, companyId));
    expect(row!.sharedSecretHash).not.toContain(SECRET);
  });

  it("charges the shop's cheapest delivery to the ShipTo's country, whatever the document says", async () => {
    const zone = async (name: string, country: string) =>
      (await as(shop, 'POST', '/api/delivery/zones', { name, destinations: [country] })).json<{
        id: string;
      }>();
    const [uk, germany] = [await zone('UK', 'GB'), await zone('Germany', 'DE')];
    for (const [name, rates] of [
      ['UK parcel', [{ zoneId: uk.id, price: 8 }]],
      ['EU parcel', [{ zoneId: germany.id, price: 20 }]],
      ['EU express', [{ zoneId: germany.id, price: 45 }]],
    ] as const) {
      const res = await as(shop, 'POST', '/api/delivery/methods', { name, kind: 'flat', rates });
      expect(res.statusCode, res.body).toBe(201);
    }
    const placed = async (orderId: string, shipTo: { country: string; name: string }) => {
      const line = { sku: 'PO-BOLT-M12', auxId: bolt.id, quantity: 2, price: '0.01' };
      const res = await postCxml(fake.orderRequest(orderId, [line], shipTo));
      expect(res.statusCode, res.body).toBe(200);
      const [claim] = await t.app.db
        .select()
        .from(punchoutOrders)
        .where(eq(punchoutOrders.orderRef, orderId));
      return (await t.app.db.select().from(checkouts).where(eq(checkouts.id, claim!.checkoutId!)))[0]!;
    };
    // The company is in Great Britain; the document ships to Germany: priced to Germany.
    expect(await placed('PO-DE', { country: 'DE', name: 'Deutschland' })).toMatchObject({
      deliveryStatus: 'priced',
      deliveryMethodName: 'EU parcel',
      deliveryCountry: 'DE',
      deliveryCents: 2000,
      totalCents: 300,
    });
    expect(await placed('PO-GB', { country: 'GB', name: 'United Kingdom' })).toMatchObject({
      deliveryMethodName: 'UK parcel',
      deliveryCountry: 'GB',
      deliveryCents: 800,
    });
    // Nothing delivers to Japan: placed without a charge, the shop arranges it, as the order form does.
    expect(await placed('PO-JP', { country: 'JP', name: 'Japan' })).toMatchObject({
      deliveryStatus: 'none',
      deliveryCents: 0,
    });
  });
});
