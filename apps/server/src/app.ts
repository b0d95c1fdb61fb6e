import { paymentTermsAdminRoutes, paymentTermsRoutes } from './modules/payment-terms/routes.ts';
import { termsReminderPlugin } from './modules/payment-terms/reminders.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { DatabaseHandle } from './db/client.ts';
import { noteNonCanonicalPath, refuseNonCanonicalPaths } from './lib/canonical-path.ts';
import { limitJsonDepth } from './lib/json-depth.ts';
import { refuseNulCharacters } from './lib/nul-characters.ts';
import { handleError } from './lib/errors.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { CatalogueCache } from './modules/products/catalogue-cache.ts';
import { catalogueSyncPlugin } from './modules/products/catalogue-sync.ts';
import { productRoutes } from './modules/products/routes.ts';
import { browseRoutes } from './modules/products/browse-routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { userAdminRoutes, userRoutes } from './modules/users/routes.ts';
import { getUserInfo } from './modules/users/service.ts';
import { contactAdminRoutes, contactRoutes } from './modules/contact/routes.ts';
import { newsletterAdminRoutes, newsletterRoutes } from './modules/newsletter/routes.ts';
import { authPlugin, createAuth, loadAuthSecret } from './plugins/app/auth.ts';
import { dbPlugin } from './plugins/app/db.ts';
import { jobsPlugin } from './plugins/app/jobs.ts';
import { mailPlugin } from './plugins/app/mail.ts';
import { rateLimitPlugin } from './plugins/external/rate-limit.ts';
import {
  createDocumentStore,
  createImageStore,
  IMMUTABLE_CACHE_CONTROL,
  imagesPlugin,
} from './plugins/app/images.ts';
import { inlineScriptHashes, readIndexHtml, webPlugin, type PageDataFor } from './plugins/external/web.ts';
import {
  createCatalogueReader,
  credentialOf,
  type CatalogueReader,
} from './modules/products/catalogue-reader.ts';
import { PUBLIC_VIEW } from './modules/pricing/index.ts';
import { guardRestrictedImages } from './modules/products/image-guard.ts';
import { securityHeadersPlugin } from './plugins/external/security-headers.ts';
import { paymentsPlugin } from './plugins/app/payments.ts';
import { orderAdminRoutes, orderRoutes } from './modules/orders/routes.ts';
import { returnAdminRoutes, returnRoutes } from './modules/returns/routes.ts';
import { shipmentAdminRoutes, shipmentRoutes } from './modules/shipments/routes.ts';
import { backorderAdminRoutes } from './modules/backorders/index.ts';
import { deliveryAdminRoutes, deliveryRoutes } from './modules/delivery/routes.ts';
import { orderExpiryPlugin } from './modules/orders/expiry.ts';
import { webhookDeliveryPlugin } from './modules/webhooks/index.ts';
// Routes straight from their file: webhooks' index is imported by the modules that emit events (a cycle otherwise).
import { webhookAdminRoutes, webhookCompanyRoutes } from './modules/webhooks/routes.ts';
import { idempotencyPlugin } from './modules/idempotency/idempotency.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { stripeWebhookRoutes } from './modules/payments/webhook.ts';
import { productAdminRoutes } from './modules/products/admin-routes.ts';
import { productCsvRoutes } from './modules/products/import-routes.ts';
import { auditAdminRoutes } from './modules/audit/routes.ts';
import { overviewAdminRoutes } from './modules/overview/routes.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { quoteExpiryPlugin } from './modules/quotes/expiry.ts';
import { quoteAdminRoutes, quoteRoutes } from './modules/quotes/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { quickOrderRoutes } from './modules/quick-order/routes.ts';
import { checkoutAdminRoutes, checkoutRoutes } from './modules/checkout/routes.ts';
import { writeLimitsPlugin } from './plugins/app/write-limits.ts';
import { companyAdminRoutes, companyRoutes } from './modules/companies/index.ts';
import { partNumberRoutes } from './modules/part-numbers/index.ts';
import { approvalAdminRoutes, approvalRoutes } from './modules/approvals/index.ts';
import { priceListAdminRoutes } from './modules/price-lists/index.ts';
import { taxAdminRoutes, taxCompanyRoutes } from './modules/tax/index.ts';
import { categoryAdminRoutes, categoryRoutes } from './modules/categories/routes.ts';
import { apiKeyAdminRoutes, apiKeyCompanyRoutes } from './modules/api-keys/index.ts';
import { documentAdminRoutes, documentRoutes } from './modules/documents/index.ts';
import { punchoutAdminRoutes, punchoutEntryRoutes, punchoutRoutes } from './modules/punchout/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
  }
}

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** How stale a catalogue page may be if a change notification was lost (they normally arrive at once). */
const CATALOGUE_CACHE_TTL_MS = 2000;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Assembles the server: external plugins, then our own, then the routes. No side effects beyond it. */
/** The catalogue a rendered page shows: the public one, or a signed-in buyer's own (decision 0216). */
function pageDataOf(app: FastifyInstance, catalogue: CatalogueReader): PageDataFor {
  return async (request) => {
    const seen = request
      ? await catalogue.viewOfRequest(credentialOf(request), () => app.resolveUser(request))
      : PUBLIC_VIEW;
    return {
      shared: seen.key === '',
      reader: {
        products: (query) => catalogue.products(query, seen),
        product: (id) => catalogue.product(id, seen),
        browse: (query) => catalogue.browse(query, seen),
        specs: (id) => catalogue.specs(id, seen),
      },
    };
  };
}

export async function buildApp({ env, database, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: env.LOG_LEVEL,
      // Readable lines for a person at a terminal; JSON lines for everything else (log collectors).
      ...(process.stdout.isTTY &&
        env.NODE_ENV !== 'production' && {
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,reqId' } },
        }),
    },
    // Behind a load balancer the client's address is in X-Forwarded-For (rate limits need it).
    trustProxy: env.TRUST_PROXY === 'true',
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Nothing waits for ever: the whole request (a body trickled a byte at a time included) must
    // arrive within REQUEST_TIMEOUT_MS, headers within 10 s; a socket silent for a minute is closed.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: 60_000,
    http: {
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(10_000, env.REQUEST_TIMEOUT_MS),
      // How often Node checks those two timeouts (its default, 30 s, would let a slow client overstay).
      connectionsCheckingInterval: 1_000,
    },
    // The path is judged once, before routing: every limit and guard after it sees the one spelling.
    rewriteUrl: noteNonCanonicalPath,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', env);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => handleError(error as Error, request, reply));
  app.addHook('onRequest', refuseNonCanonicalPaths);
  app.addHook('preValidation', refuseNulCharacters);
  limitJsonDepth(app);

  // An http:// bucket (s3rver or MinIO during development) is not covered by img-src `https:`.
  const httpImageOrigin = env.s3PublicUrl?.startsWith('http:') ? [new URL(env.s3PublicUrl).origin] : [];
  const webDist = env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist;
  const indexHtml = readIndexHtml(webDist);

  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com', ...inlineScriptHashes(indexHtml ?? '')],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...httpImageOrigin],
          connectSrc: ["'self'", 'https://api.stripe.com'],
          frameSrc: [
            'https://js.stripe.com',
            'https://hooks.stripe.com',
            'https://www.google.com',
            'https://maps.google.com',
          ],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: env.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The Google map and Stripe's frames are third-party documents: don't demand CORP from them.
      crossOriginEmbedderPolicy: false,
    },
  });
  // Load shedding: an event loop lagging over a second answers 503 with Retry-After rather than
  // queueing more work. Off in tests, where the embedded database's WASM blocks the loop by design.
  await app.register(underPressure, {
    maxEventLoopDelay: env.NODE_ENV === 'test' ? 0 : 1_000,
    retryAfter: 5,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Forgeline API', version: '1.0.0' },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (flk_…), made on the dashboard; each operation names the scope it needs.',
          },
        },
      },
    },
    // Each operation a key may call says which scopes do (docs/decisions/0234); the others take none.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const scopes = input.route.config?.apiScopes;
      if (!scopes?.length) return out;
      const schema = out.schema as { description?: string };
      const line = `API keys: needs the scope ${scopes.join(' or ')}.`;
      return {
        ...out,
        schema: {
          ...out.schema,
          description: schema.description ? `${schema.description}\n\n${line}` : line,
          'x-api-scopes': scopes,
          // A key, or (the empty requirement) a signed-in person's session as for every other operation.
          security: [{ apiKey: [] as string[] }, {} as Record<string, string[]>],
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(rateLimitPlugin);
  await app.register(dbPlugin, { handle: database });
  await app.register(jobsPlugin, { handle: database });
  await app.register(mailPlugin, { sharedDatabase: database.driver === 'postgres' });
  const secret = loadAuthSecret(env);
  await app.register(authPlugin, {
    auth: createAuth({
      db: database.db,
      env,
      secret,
      mailer: app.mailer,
      rateLimitStore: app.authRateLimitStore,
      log: app.log,
    }),
    secret,
  });
  // Before any route: each state-changing route gets its limit from WRITE_LIMITS, or the start fails.
  await app.register(writeLimitsPlugin);
  app.decorate('catalogueCache', new CatalogueCache(CATALOGUE_CACHE_TTL_MS));
  await app.register(catalogueSyncPlugin, { handle: database });
  await app.register(imagesPlugin, { store: createImageStore(env), documents: createDocumentStore(env) });
  await app.register(paymentsPlugin);
  await app.register(orderExpiryPlugin);
  await app.register(webhookDeliveryPlugin(env.WEBHOOK_INTERVAL_MS));
  await app.register(idempotencyPlugin);
  await app.register(quoteExpiryPlugin);
  await app.register(termsReminderPlugin);

  // Photos in the local store: names chosen by the server and never reused, so they can be cached for good.
  const uploadsDir = path.join(env.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(async (uploads) => {
    uploads.addHook('onRequest', guardRestrictedImages(app, app.catalogueCache));
    uploads.addHook('onSend', async (request, reply) => {
      if (request.privateImage) reply.header('cache-control', 'private, no-cache');
    });
    await uploads.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(productRoutes);
      await api.register(reviewRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(orderRoutes);
      await api.register(shipmentRoutes);
      await api.register(deliveryRoutes);
      await api.register(returnRoutes);
      await api.register(paymentRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(contactRoutes);
      await api.register(newsletterRoutes);
      await api.register(invoiceRoutes);
      await api.register(quoteRoutes);
      await api.register(cartRoutes);
      await api.register(quickOrderRoutes);
      await api.register(checkoutRoutes);
      await api.register(paymentTermsRoutes);
      await api.register(companyRoutes);
      await api.register(partNumberRoutes);
      await api.register(approvalRoutes);
      await api.register(taxCompanyRoutes);
      await api.register(categoryRoutes);
      await api.register(browseRoutes);
      await api.register(apiKeyCompanyRoutes);
      await api.register(webhookCompanyRoutes);
      await api.register(documentRoutes);
      await api.register(punchoutRoutes);
      // The admin area: one guard for all of it, at onRequest (before the body is read or validated).
      await api.register(async (admin) => {
        admin.addHook('onRequest', admin.requireAdmin);
        await admin.register(userAdminRoutes);
        await admin.register(productAdminRoutes);
        await admin.register(productCsvRoutes);
        await admin.register(categoryAdminRoutes);
        await admin.register(orderAdminRoutes);
        await admin.register(shipmentAdminRoutes);
        await admin.register(backorderAdminRoutes);
        await admin.register(deliveryAdminRoutes);
        await admin.register(checkoutAdminRoutes);
        await admin.register(returnAdminRoutes);
        await admin.register(overviewAdminRoutes);
        await admin.register(imageRoutes);
        await admin.register(contactAdminRoutes);
        await admin.register(newsletterAdminRoutes);
        await admin.register(quoteAdminRoutes);
        await admin.register(paymentTermsAdminRoutes);
        await admin.register(auditAdminRoutes);
        await admin.register(companyAdminRoutes);
        await admin.register(approvalAdminRoutes);
        await admin.register(priceListAdminRoutes);
        await admin.register(taxAdminRoutes);
        await admin.register(apiKeyAdminRoutes);
        await admin.register(webhookAdminRoutes);
        await admin.register(documentAdminRoutes);
        await admin.register(punchoutAdminRoutes);
      });
    },
    { prefix: '/api' },
  );

  // Procurement systems' doors (cXML, SAP OCI) and the transfer back: outside /api, as they name them.
  await app.register(punchoutEntryRoutes);

  await app.register(webPlugin, {
    distDir: webDist,
    indexHtml,
    pageData: pageDataOf(app, createCatalogueReader(app.db, app.catalogueCache)),
    viewer: async (request) => {
      const session = await app.cookieSession(request);
      if (!session) return null;
      return { user: session.user, userInfo: await getUserInfo(app, session.caller, session.caller.email) };
    },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
