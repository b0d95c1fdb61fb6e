import { randomBytes } from 'node:crypto';
import { centsFigure } from '@forgeline/shared/money';
import { buildXml, nodeAt, nodesAt, textAt, type XmlNode } from './xml.ts';

/** The shop's money on the wire: dollars with two decimals. */
export const CURRENCY = 'USD';
const CXML_VERSION = '1.2.014';
const doctype = (dtd: 'cXML' | 'Fulfill') =>
  `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/${dtd}.dtd">`;

/** The credential the shop signs its documents with. */
const SHOP_IDENTITY = { domain: 'NetworkID', identity: 'forgeline' };

const money = (cents: number) => ({ Money: { '@currency': CURRENCY, '#text': centsFigure(cents) } });

/** A payloadID as cXML asks: unique, time first, the sender's name last. */
export const newPayloadId = (host: string) =>
  `${Date.now()}.${process.pid}.${randomBytes(6).toString('hex')}@${host}`;

function envelope(host: string, body: XmlNode): XmlNode {
  return {
    cXML: {
      '@payloadID': newPayloadId(host),
      '@timestamp': new Date().toISOString(),
      '@xml:lang': 'en-US',
      ...body,
    },
  };
}

/** A cXML Response with its status: 200 with what it carries, or the refusal's code and words. */
export function cxmlResponse(
  host: string,
  code: number,
  text: string,
  detail?: string,
  body?: XmlNode,
): string {
  return buildXml(
    doctype('cXML'),
    envelope(host, {
      Response: {
        Status: { '@code': String(code), '@text': text, ...(detail && { '#text': detail }) },
        ...body,
      },
    }),
  );
}

export const setupResponse = (host: string, startUrl: string) =>
  cxmlResponse(host, 200, 'success', undefined, {
    PunchOutSetupResponse: { StartPage: { URL: startUrl } },
  });

/** One line of a cart going back: the part, its quantity, and the price the company pays. */
export interface TransferLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  unitCents: number;
}

/** The PunchOutOrderMessage of a cart, addressed back to the buyer's system. */
export function orderMessage(
  host: string,
  to: { domain: string; identity: string },
  buyerCookie: string,
  lines: readonly TransferLine[],
): string {
  const totalCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const credential = (c: { domain: string; identity: string }) => ({
    Credential: { '@domain': c.domain, Identity: c.identity },
  });
  return buildXml(
    doctype('cXML'),
    envelope(host, {
      Header: {
        From: credential(SHOP_IDENTITY),
        To: credential(to),
        Sender: { ...credential(SHOP_IDENTITY), UserAgent: 'Forgeline' },
      },
      Message: {
        PunchOutOrderMessage: {
          BuyerCookie: buyerCookie,
          PunchOutOrderMessageHeader: { '@operationAllowed': 'create', Total: money(totalCents) },
          ItemIn: lines.map((line) => ({
            '@quantity': String(line.quantity),
            ItemID: {
              SupplierPartID: line.sku ?? line.productId,
              SupplierPartAuxiliaryID: line.productId,
            },
            ItemDetail: {
              UnitPrice: money(line.unitCents),
              Description: { '@xml:lang': 'en', '#text': line.name },
              UnitOfMeasure: 'EA',
            },
          })),
        },
      },
    }),
  );
}

/** A credential of a document's header: its domain (lower case) and identity. */
export interface CxmlCredential {
  domain: string;
  identity: string;
  sharedSecret: string;
}

function credentialsOf(header: XmlNode | undefined, part: 'From' | 'Sender'): CxmlCredential[] {
  return nodesAt(header, part, 'Credential').map((credential) => ({
    domain: textAt(credential, '@domain').toLowerCase(),
    identity: textAt(credential, 'Identity'),
    sharedSecret: textAt(credential, 'SharedSecret'),
  }));
}

/** What the shop reads of any cXML request: who sends it, with which secret, and its payload id. */
export interface CxmlRequest {
  payloadId: string;
  sender: CxmlCredential[];
  from: CxmlCredential[];
  request: XmlNode | undefined;
}

export function readRequest(document: XmlNode): CxmlRequest | undefined {
  const root = nodeAt(document, 'cXML');
  if (!root || typeof root !== 'object' || Array.isArray(root)) return undefined;
  const header = nodeAt(root, 'Header');
  const headerNode = header && typeof header === 'object' && !Array.isArray(header) ? header : undefined;
  const request = nodeAt(root, 'Request');
  return {
    payloadId: textAt(root, '@payloadID'),
    sender: credentialsOf(headerNode, 'Sender'),
    from: credentialsOf(headerNode, 'From'),
    request: request && typeof request === 'object' && !Array.isArray(request) ? request : undefined,
  };
}

/** A PunchOutSetupRequest's return address and cookie. */
export function readSetup(request: XmlNode) {
  const setup = nodeAt(request, 'PunchOutSetupRequest');
  if (!setup) return undefined;
  return {
    buyerCookie: textAt(setup, 'BuyerCookie'),
    formPostUrl: textAt(setup, 'BrowserFormPost', 'URL'),
    operation: textAt(setup, '@operation') || 'create',
  };
}

/** An OrderRequest's id, lines and ship-to, as sent; prices are never taken from it. */
export function readOrderRequest(request: XmlNode) {
  const order = nodeAt(request, 'OrderRequest');
  if (!order) return undefined;
  const header = nodeAt(order, 'OrderRequestHeader');
  const address = nodeAt(header, 'ShipTo', 'Address');
  const postal = nodeAt(address, 'PostalAddress');
  const streets = nodesAt(postal, 'Street').map((s) => textAt(s));
  const street = streets.length > 0 ? streets : [textAt(postal, 'Street')];
  const lines = [
    textAt(address, 'Name'),
    textAt(postal, 'DeliverTo'),
    ...street,
    [textAt(postal, 'PostalCode'), textAt(postal, 'City')].filter(Boolean).join(' '),
    textAt(postal, 'State'),
    textAt(postal, 'Country'),
  ].filter(Boolean);
  const phone = nodeAt(address, 'Phone', 'TelephoneNumber');
  const phoneText = [
    textAt(phone, 'CountryCode') && `+${textAt(phone, 'CountryCode')}`,
    textAt(phone, 'AreaOrCityCode'),
    textAt(phone, 'Number'),
  ]
    .filter(Boolean)
    .join(' ');
  const country = textAt(postal, 'Country', '@isoCountryCode').toUpperCase();
  // cXML names a state 'US-IL' (isoStateCode) or by its text; the delivery zones take 'IL' of 'US'.
  const state = (textAt(postal, 'State', '@isoStateCode') || textAt(postal, 'State')).toUpperCase();
  return {
    orderId: textAt(header, '@orderID'),
    type: textAt(header, '@type') || 'new',
    address: lines.join(', '),
    destination: { country, region: state.startsWith(`${country}-`) ? state.slice(3) : state || null },
    phone: phoneText,
    items: nodesAt(order, 'ItemOut').map((item) => ({
      quantity: Number(textAt(item, '@quantity')),
      supplierPartId: textAt(item, 'ItemID', 'SupplierPartID'),
      auxiliaryId: textAt(item, 'ItemID', 'SupplierPartAuxiliaryID'),
    })),
  };
}

/** The audit trail never keeps a secret: every SharedSecret's text is blanked. */
export const withoutSecrets = (xml: string) =>
  xml.replace(/(<SharedSecret[^>]*>)[\s\S]*?(<\/SharedSecret>)/g, '$1***$2');
