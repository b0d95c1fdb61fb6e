import { LIMITS } from '@forgeline/shared/constants';
import type { Destination } from '@forgeline/shared/delivery';
import { DestinationSchema } from '@forgeline/shared/schemas/delivery';
import { isLineQuantity } from '@forgeline/shared/quantity';
import { phoneOrNull } from '@forgeline/shared/phone';
import { createHash, randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type {
  PunchoutDocument,
  PunchoutSettings,
  PunchoutSettingsBody,
} from '@forgeline/shared/schemas/punchout';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { isUuid } from '../../lib/uuid.ts';
import { badRequest, conflict, DomainError, forbidden, statusOf, unauthorized } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { afterCheckoutPlaced, placeCheckout, type PlacedCheckout } from '../checkout/index.ts';
import { removeFromCart, storedCartLines } from '../cart/index.ts';
import { assertMayOrder, findMembership, rightsOf, type Membership } from '../membership/index.ts';
import { cheapestShippingFor, priceLines } from '../orders/index.ts';
import { memberView, viewProducts } from '../pricing/index.ts';
import { findProducts, findProductsBySkus } from '../products/index.ts';
import {
  cxmlResponse,
  orderMessage,
  readOrderRequest,
  readRequest,
  readSetup,
  setupResponse,
  withoutSecrets,
  type CxmlRequest,
  type TransferLine,
} from './cxml.ts';
import { ociFields } from './oci.ts';
import {
  createPunchoutRepository,
  userByEmail,
  type CredentialsWithBuyer,
  type NewDocument,
  type NewSession,
} from './repository.ts';
import { parseXml } from './xml.ts';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** How long a StartPage URL may wait to be opened (docs/decisions/0246): once, within five minutes. */
export const START_TOKEN_TTL_MS = 5 * 60 * 1000;
/** The longest document body the trail keeps. */
const TRAIL_MAX_CHARS = 100_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hostOf = (deps: Deps) => new URL(deps.config.publicUrl).host;

/**
 * Opens a visit of the company in one transaction: its session, and in the trail under it the documents
 * that opened it.
 */
async function openSession(
  deps: Deps,
  companyId: string,
  session: Omit<NewSession, 'companyId'>,
  documents: Omit<NewDocument, 'companyId' | 'sessionId'>[],
) {
  return deps.db.transaction(async (tx) => {
    const repo = createPunchoutRepository(tx);
    const row = await repo.insertSession({ companyId, ...session });
    for (const document of documents)
      await repo.recordDocument({ companyId, sessionId: row.id, ...document });
    return row;
  });
}

/** A return address a browser may be sent to: http(s), nothing else (no javascript:, no data:). */
function returnUrl(raw: string, what: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${what} is missing or is not a web address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badRequest(`${what} must be an http or https address.`);
  return url.toString();
}

/** A refusal the procurement system reads as a cXML status; its document is kept in the trail. */
export class CxmlRefusal extends DomainError {}

// ——— Settings (the shop's admin) ———

function toSettings(row: CredentialsWithBuyer): PunchoutSettings {
  return {
    buyer: row.buyer,
    cxmlDomain: row.cxmlDomain,
    cxmlIdentity: row.cxmlIdentity,
    hasSharedSecret: row.sharedSecretHash !== null,
    ociUsername: row.ociUsername,
    hasOciPassword: row.ociPasswordHash !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSettings(deps: Deps, companyId: string): Promise<PunchoutSettings | null> {
  const row = await createPunchoutRepository(deps.db).credentials(companyId);
  return row ? toSettings(row) : null;
}

/**
 * Sets a company's punchout credentials (docs/decisions/0246). The acting member must belong to the
 * company and may order; each protocol switched on needs its secret (kept or given); an identity or
 * user name another company holds is refused.
 */
export async function saveSettings(
  deps: Deps,
  actor: AuditActor,
  companyId: string,
  body: PunchoutSettingsBody,
): Promise<PunchoutSettings> {
  const buyer = await userByEmail(deps.db, body.buyerEmail);
  const member = buyer && (await findMembership(deps.db, buyer.id));
  if (!buyer || member?.companyId !== companyId)
    throw badRequest('The punchout buyer must be a member of this company.', {
      buyerEmail: 'Not a member of this company',
    });
  if (!member || !rightsOf(member).order)
    throw badRequest('The punchout buyer must be a member who may order (not finance).', {
      buyerEmail: 'This member may not order',
    });
  const cxml =
    body.cxmlDomain && body.cxmlIdentity
      ? { domain: body.cxmlDomain.toLowerCase(), identity: body.cxmlIdentity }
      : null;
  const ociUsername = body.ociUsername || null;
  if (!cxml && !ociUsername)
    throw badRequest('Give a cXML identity, an OCI user name, or both.', {
      cxmlIdentity: 'cXML or OCI is required',
    });
  const repo = createPunchoutRepository(deps.db);
  const existing = await repo.credentials(companyId);
  const sharedSecretHash = !cxml
    ? null
    : body.sharedSecret
      ? await hashPassword(body.sharedSecret)
      : (existing?.sharedSecretHash ?? null);
  const ociPasswordHash = !ociUsername
    ? null
    : body.ociPassword
      ? await hashPassword(body.ociPassword)
      : (existing?.ociPasswordHash ?? null);
  if (cxml && !sharedSecretHash)
    throw badRequest('A shared secret is required for cXML.', { sharedSecret: 'Required' });
  if (ociUsername && !ociPasswordHash)
    throw badRequest('A password is required for OCI.', { ociPassword: 'Required' });

  return deps.db.transaction(async (tx) => {
    const txRepo = createPunchoutRepository(tx);
    const taken = await txRepo.takenElsewhere(companyId, cxml, ociUsername);
    if (taken === 'cxml') throw conflict('Another company already uses this cXML identity.');
    if (taken === 'oci') throw conflict('Another company already uses this OCI user name.');
    await txRepo.saveCredentials({
      companyId,
      actingUserId: buyer.id,
      cxmlDomain: cxml?.domain ?? null,
      cxmlIdentity: cxml?.identity ?? null,
      sharedSecretHash,
      ociUsername,
      ociPasswordHash,
      updatedBy: actor.id,
      updatedAt: new Date(),
    });
    await recordAudit(tx, actor, {
      action: 'punchout.configured',
      subject: { type: 'company', id: companyId, label: member.company.name },
      after: {
        buyer: buyer.email,
        cxml: cxml ? `${cxml.domain}/${cxml.identity}` : null,
        sharedSecretChanged: Boolean(body.sharedSecret),
        oci: ociUsername,
        ociPasswordChanged: Boolean(body.ociPassword),
      },
    });
    return toSettings((await txRepo.credentials(companyId))!);
  });
}

export async function listDocuments(
  deps: Deps,
  companyId: string,
  limit: number,
): Promise<PunchoutDocument[]> {
  const rows = await createPunchoutRepository(deps.db).documents(companyId, limit);
  return rows.map((row) => ({
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    payloadId: row.payloadId,
    status: row.status,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

// ——— Who may punch out ———

/** The acting member, while they still belong to the company and may order; else 403. */
async function actingBuyer(db: Executor, credentials: CredentialsWithBuyer) {
  const member = await findMembership(db, credentials.actingUserId);
  if (member?.companyId !== credentials.companyId)
    throw forbidden('The punchout buyer of this company is no longer one of its members.');
  assertMayOrder(member);
  return { ...credentials.buyer, role: null };
}

/** The company whose cXML credential and shared secret the document carries; 401 otherwise. */
async function authenticate(db: Executor, request: CxmlRequest): Promise<CredentialsWithBuyer> {
  const pairs = [...request.sender, ...request.from].filter((c) => c.domain && c.identity);
  const credentials = await createPunchoutRepository(db).byCxmlCredential(pairs);
  const secret = request.sender.find((c) => c.sharedSecret)?.sharedSecret ?? '';
  // The hash is checked even for an unknown sender, so the answer takes as long either way.
  const valid = await verifyPassword({
    hash: credentials?.sharedSecretHash ?? DUMMY_HASH,
    password: secret,
  });
  if (!credentials || !valid) throw unauthorized('The sender identity or shared secret is not valid.');
  return credentials;
}
const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'));

const trail = (xml: string) => withoutSecrets(xml).slice(0, TRAIL_MAX_CHARS);

// ——— cXML ———

/** What the cXML endpoint answers: an HTTP status and a cXML document. */
export interface CxmlAnswer {
  status: number;
  xml: string;
  afterCommit?: () => Promise<void>;
}

/**
 * POST /punchout/cxml: a PunchOutSetupRequest (answered with a one-time StartPage URL) or an
 * OrderRequest (turned into an order of the company). Refusals are thrown; the route answers them as
 * cXML statuses.
 */
export async function receiveCxml(deps: AppDeps, text: string): Promise<CxmlAnswer> {
  const request = readRequest(parseXml(text));
  if (!request?.request) throw badRequest('This is not a cXML request.');
  const credentials = await authenticate(deps.db, request);
  const setup = readSetup(request.request);
  if (setup) return startCxmlSession(deps, credentials, request, setup, text);
  const order = readOrderRequest(request.request);
  if (order) return takeOrderRequest(deps, credentials, request, order, text);
  throw new DomainError('OPERATION_NOT_ALLOWED', 'Only PunchOutSetupRequest and OrderRequest are accepted.');
}

async function startCxmlSession(
  deps: Deps,
  credentials: CredentialsWithBuyer,
  request: CxmlRequest,
  setup: NonNullable<ReturnType<typeof readSetup>>,
  text: string,
): Promise<CxmlAnswer> {
  const url = returnUrl(setup.formPostUrl, 'The BrowserFormPost URL');
  if (setup.operation !== 'create' && setup.operation !== 'edit' && setup.operation !== 'inspect')
    throw badRequest(`The operation '${setup.operation}' is not supported.`);
  await actingBuyer(deps.db, credentials);
  const token = randomBytes(32).toString('base64url');
  const startUrl = `${deps.config.publicUrl}/punchout/start/${token}`;
  const from = request.from[0];
  const xml = setupResponse(hostOf(deps), startUrl);
  await openSession(
    deps,
    credentials.companyId,
    {
      protocol: 'cxml',
      returnUrl: url,
      buyerCookie: setup.buyerCookie,
      buyerIdentity: from ? `${from.domain}|${from.identity}` : null,
      startTokenHash: sha256(token),
      startExpiresAt: new Date(Date.now() + START_TOKEN_TTL_MS),
    },
    [
      {
        direction: 'in',
        kind: 'PunchOutSetupRequest',
        payloadId: request.payloadId || null,
        status: 200,
        body: trail(text),
      },
      // The start token is a credential of its own: the trail keeps the answer without it.
      {
        direction: 'out',
        kind: 'PunchOutSetupResponse',
        payloadId: null,
        status: 200,
        body: trail(xml.replace(token, '***')),
      },
    ],
  );
  return { status: 200, xml };
}

/**
 * Where an OrderRequest's delivery is priced to: its ShipTo's country (and state) when they are codes we
 * know, else the company's country, else the shop's own.
 */
function shipToOf(
  sent: { country: string; region: string | null },
  member: Membership | undefined,
  shop: Destination | null,
): Destination | null {
  const read = DestinationSchema.safeParse(sent);
  if (read.success) return read.data;
  const country = DestinationSchema.safeParse({ country: sent.country });
  if (country.success) return country.data;
  return member?.company.country ? { country: member.company.country, region: member.company.region } : shop;
}

async function takeOrderRequest(
  deps: AppDeps,
  credentials: CredentialsWithBuyer,
  request: CxmlRequest,
  order: NonNullable<ReturnType<typeof readOrderRequest>>,
  text: string,
): Promise<CxmlAnswer> {
  const orderRef = order.orderId || request.payloadId;
  const record = (db: Executor, status: number) =>
    createPunchoutRepository(db).recordDocument({
      companyId: credentials.companyId,
      direction: 'in',
      kind: 'OrderRequest',
      payloadId: request.payloadId || null,
      status,
      body: trail(text),
    });
  try {
    if (!orderRef) throw badRequest('The OrderRequest has neither an orderID nor a payloadID.');
    if (order.type !== 'new') throw badRequest(`OrderRequests of type '${order.type}' are not supported.`);
    if (order.items.length === 0) throw badRequest('The OrderRequest has no ItemOut lines.');
    if (!order.address) throw badRequest('The OrderRequest has no ShipTo address.');
    const bad = order.items.find((item) => !isLineQuantity(item.quantity));
    if (bad)
      throw badRequest(
        `Line ${bad.supplierPartId}: the quantity must be a whole number from ${LIMITS.quantityMin} to ${LIMITS.quantityMax}.`,
      );
    const buyer = await actingBuyer(deps.db, credentials);
    const productIds = await productIdsOf(deps.db, order.items);

    let placed: PlacedCheckout | undefined;
    const xml = await deps.db.transaction(async (tx) => {
      const repo = createPunchoutRepository(tx);
      const answer = async (detail: string) => {
        const response = cxmlResponse(hostOf(deps), 200, 'OK', detail);
        await record(tx, 200);
        await repo.recordDocument({
          companyId: credentials.companyId,
          direction: 'out',
          kind: 'Response',
          payloadId: null,
          status: 200,
          body: trail(response),
        });
        return response;
      };
      if (!(await repo.claimOrder(credentials.companyId, orderRef, request.payloadId || orderRef))) {
        // A replay: the order this id made already stands; nothing is placed twice.
        return answer(`Order ${orderRef} was received before.`);
      }
      const member = await findMembership(tx, buyer.id);
      const requests = order.items.map((item, i) => ({ productId: productIds[i]!, quantity: item.quantity }));
      const outcome = await placeCheckout(deps, tx, buyer, {
        lines: requests,
        // Delivered at the shop's own rates (a price in the document is never taken): the cheapest
        // method to the ShipTo's country, as the spec's order form does (decision 0268).
        delivery: await cheapestShippingFor(
          tx,
          shipToOf(order.destination, member, deps.config.taxSeller),
          priceLines(
            await viewProducts(tx, await memberView(tx, member), await findProducts(tx, productIds)),
            requests,
          ),
        ),
        address: order.address,
        phone: phoneOrNull(order.phone) ?? 'not given',
        poReference: orderRef,
        // On terms where the company has them; otherwise the order waits for a card payment on the site.
        paymentMethod: member?.company.termsDays ? 'invoice' : 'card',
        // The procurement system approved it (docs/decisions/0246): no second approval here.
        approved: true,
      });
      if (outcome.kind !== 'placed') throw conflict('The order could not be placed.');
      placed = outcome;
      await repo.setOrderCheckout(credentials.companyId, orderRef, outcome.checkout.id);
      return answer(`Order ${orderRef} received as ${outcome.checkout.number}.`);
    });
    const done = placed;
    return { status: 200, xml, ...(done && { afterCommit: () => afterCheckoutPlaced(deps, done) }) };
  } catch (error) {
    // The refused document stays in the trail, with the status its answer had.
    if (error instanceof DomainError) await record(deps.db, statusOf(error)).catch(() => undefined);
    throw error;
  }
}

/** The products of the lines: by our product id (SupplierPartAuxiliaryID), else by part number. */
async function productIdsOf(
  db: Executor,
  items: readonly { supplierPartId: string; auxiliaryId: string }[],
): Promise<string[]> {
  const ids = items.map((i) => i.auxiliaryId).filter(isUuid);
  const byId = new Set((await findProducts(db, ids)).map((p) => p.id));
  const bySku = new Map(
    (await findProductsBySkus(db, items.map((i) => i.supplierPartId).filter(Boolean))).map((p) => [
      p.sku,
      p.id,
    ]),
  );
  return items.map((item) => {
    const id = byId.has(item.auxiliaryId) ? item.auxiliaryId : bySku.get(item.supplierPartId);
    if (!id) throw badRequest(`Line ${item.supplierPartId || item.auxiliaryId}: no such part.`);
    return id;
  });
}

// ——— Starting a visit ———

/** GET /punchout/start/:token: the visit the token opens, once, while fresh; the buyer it signs in. */
export async function takeStartToken(deps: Deps, token: string) {
  const session = await createPunchoutRepository(deps.db).takeStartToken(sha256(token));
  if (!session)
    throw unauthorized('This punchout link was used already or has expired: please punch out again.');
  const credentials = await createPunchoutRepository(deps.db).credentials(session.companyId);
  if (!credentials) throw forbidden('Punchout is not set up for this company any more.');
  return { session, buyer: await actingBuyer(deps.db, credentials) };
}

/** GET|POST /punchout/oci: an OCI entry with its user name, password and HOOK_URL opens a visit. */
export async function startOciSession(
  deps: Deps,
  entry: { username: string; password: string; hookUrl: string },
  query: string,
) {
  const repo = createPunchoutRepository(deps.db);
  const credentials = entry.username ? await repo.byOciUsername(entry.username) : undefined;
  const valid = await verifyPassword({
    hash: credentials?.ociPasswordHash ?? DUMMY_HASH,
    password: entry.password,
  });
  if (!credentials || !valid) throw unauthorized('The OCI user name or password is not valid.');
  const hookUrl = returnUrl(entry.hookUrl, 'HOOK_URL');
  const buyer = await actingBuyer(deps.db, credentials);
  const session = await openSession(
    deps,
    credentials.companyId,
    { protocol: 'oci', returnUrl: hookUrl, startedAt: new Date(), startExpiresAt: new Date() },
    [
      {
        direction: 'in',
        kind: 'OCI entry',
        payloadId: null,
        status: 200,
        body: query.replace(/(password=)[^&]*/gi, '$1***').slice(0, TRAIL_MAX_CHARS),
      },
    ],
  );
  return { session, buyer };
}

export const linkSignIn = (deps: Deps, sessionId: string, authSessionId: string) =>
  createPunchoutRepository(deps.db).linkAuthSession(sessionId, authSessionId);

/** The punchout visit of a signed-in session, if it is one and has not ended. */
export const openVisit = (deps: Deps, authSessionId: string) =>
  createPunchoutRepository(deps.db).openSessionOf(authSessionId);

// ——— Transfer ———

/** What the transfer page posts: where, and which form fields. */
export interface Transfer {
  action: string;
  fields: [string, string][];
}

/**
 * The buyer's cart, priced at the company's prices on the server, as the procurement system takes it:
 * a PunchOutOrderMessage (cxml-urlencoded) or OCI NEW_ITEM fields. The visit ends: its session is
 * signed out, the lines leave the cart, and a second transfer finds none.
 */
export async function transferCart(deps: Deps, user: { id: string; sessionId: string }): Promise<Transfer> {
  const visit = await openVisit(deps, user.sessionId);
  if (!visit) throw forbidden('This is not a punchout session, or its cart was transferred already.');
  const stored = await storedCartLines(deps.db, user.id);
  if (stored.length === 0) throw badRequest('Your cart is empty.');
  const priced = priceLines(
    stored.map((line) => line.product),
    stored.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
  );
  const problem = priced.find((line) => line.problem);
  if (problem) throw badRequest(`${problem.product?.name ?? 'A line'}: ${problem.problem!.message}`);
  const lines: TransferLine[] = priced.map((line) => ({
    productId: line.productId,
    sku: line.product?.sku ?? null,
    name: line.product?.name ?? '',
    quantity: line.quantity,
    unitCents: line.unitCents,
  }));

  let fields: [string, string][];
  let kind: string;
  let body: string;
  if (visit.protocol === 'cxml') {
    const [domain = 'NetworkID', identity = ''] = (visit.buyerIdentity ?? '').split('|');
    const xml = orderMessage(hostOf(deps), { domain, identity }, visit.buyerCookie ?? '', lines);
    fields = [['cxml-urlencoded', xml]];
    kind = 'PunchOutOrderMessage';
    body = xml;
  } else {
    fields = ociFields(lines);
    kind = 'OCI transfer';
    body = new URLSearchParams(fields).toString();
  }
  return deps.db.transaction(async (tx) => {
    const repo = createPunchoutRepository(tx);
    if (!(await repo.endSession(visit.id, user.sessionId)))
      throw forbidden('This is not a punchout session, or its cart was transferred already.');
    // The lines now live in the procurement system's requisition: the next visit starts empty.
    await removeFromCart(
      tx,
      user.id,
      lines.map((line) => line.productId),
    );
    await repo.recordDocument({
      companyId: visit.companyId,
      sessionId: visit.id,
      direction: 'out',
      kind,
      payloadId: null,
      status: 200,
      body: trail(body),
    });
    return { action: visit.returnUrl, fields };
  });
}
