import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  MAX_HELD_UNITS_PER_ADDRESS,
  MAX_OPEN_CHECKOUTS_PER_ADDRESS,
} from '@shop/shared/order-limits';
import { SHOP_NAME } from '@shop/shared/shop';
import type { DatabaseHandle } from './db/client';
import { appUrl, supportEmailOf, type Env } from './env';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background-tasks';
import { resolveJwtSecret } from './lib/jwt-secret';
import { deriveKey } from './lib/keys';
import { loggableError, requestIdFrom } from './lib/log-safety';
import { createAuthenticator } from './modules/accounts/authenticator';
import { verifyPassword, type PasswordVerifier } from './modules/accounts/passwords';
import { accountRoutes } from './modules/accounts/routes';
import { adminProductRoutes } from './modules/admin-products/routes';
import type { SecondFactorCheck } from './modules/back-office/context';
import { guardBackOfficeRoutes } from './modules/back-office/gate';
import { backOfficeRoutes } from './modules/back-office/routes';
import { codeIsRight } from './modules/back-office/second-factor';
import { createCatalogReader } from './modules/catalog/catalog-reader';
import { foldKeptFacets } from './modules/catalog/kept-facets';
import { listingIndexOf } from './modules/catalog/listing-index';
import { catalogRoutes } from './modules/catalog/routes';
import { createCollectionsReader } from './modules/collections/collections-reader';
import { collectionRoutes } from './modules/collections/routes';
import { configRoutes } from './modules/config/routes';
import { customerRoutes } from './modules/customers/routes';
import { adminDiscountRoutes } from './modules/discounts/routes';
import { adminSearchRoutes, searchRoutes } from './modules/search/routes';
import { suggestWithSalePrices } from './flows/suggestions';
import { createSearchLog, type SearchLog } from './modules/search/search-log';
import { fulfilmentRoutes } from './modules/fulfilment/routes';
import { healthRoutes } from './modules/health/routes';
import { createDatabaseImageStore } from './modules/images/image-store';
import { imageRoutes } from './modules/images/routes';
import { devOutboxRoutes } from './modules/mail/dev-outbox-routes';
import { createDevOutboxTransport, createSmtpTransport } from './modules/mail/mail-transport';
import { createMailWorker } from './modules/mail/mail-worker';
import { createPeriodicSweep, type PeriodicSweep } from './lib/periodic-sweep';
import { createHoldSweeper } from './flows/hold-sweeper';
import { orderDocumentRoutes } from './modules/order-documents/routes';
import { orderRoutes } from './modules/orders/routes';
import { attachProvenGuestOrders, type OrdersContext } from './modules/orders/service';
import { createPaymentProvider } from './modules/payments/create-provider';
import type { PaymentProvider } from './modules/payments/provider';
import { testCheckoutRoutes } from './modules/payments/test-checkout-routes';
import { webhookRoutes } from './modules/payments/webhook-routes';
import { recoverPendingRefunds } from './flows/refund-recovery';
import { refundRoutes } from './modules/refunds/routes';
import type { RefundsContext } from './flows/refund-settlement';
import { privacyRoutes } from './modules/privacy/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { seoRoutes } from './modules/seo/routes';
import { createSitemaps } from './modules/seo/sitemaps';
import { shippingRoutes } from './modules/shipping/routes';
import { stockRoutes } from './modules/stock/routes';
import { createActionLimiter } from './modules/rate-limits/service';
import { WEB_DIST_DIR } from './paths';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/error-handler';
import { logRequest } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerStorefront } from './plugins/storefront';

declare module 'fastify' {
  interface FastifyInstance {
    backgroundTasks: BackgroundTasks;
    /** Finishes refunds an interrupted request left pending (tests run it instead of waiting). */
    refundRecovery: PeriodicSweep;
    /** The Searches report's counts in memory (tests flush it instead of waiting). */
    searchLog: SearchLog;
  }
}

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  /** Where the built storefront is; tests point it elsewhere. */
  webDistDir?: string;
  /** The built server renderer (default: dist-server beside webDistDir); tests may point it elsewhere. */
  serverEntryPath?: string;
  /** Replaces the provider chosen from the configuration (tests: Stripe against a local stand-in). */
  paymentProvider?: PaymentProvider;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** The clock of second-factor codes, setup links, receipts and the refund recovery (tests set it instead of sleeping). */
  now?: () => number;
  /** Checks passwords (default argon2id); tests wrap it to count how many are checked. */
  verifyPassword?: PasswordVerifier;
  /** Checks second-factor codes (default codeIsRight); tests wrap it to count the checks. */
  checkSecondFactor?: SecondFactorCheck;
  /** Told of every route as it is registered (tests check each route's response schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** A destination for the JSON log lines, one write per line. */
export interface LogStream {
  write(line: string): void;
}

/** A hop count trusts that many proxies next to the shop (Fastify's types take it as a function). */
function trustProxyOption(setting: Env['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole app, for the server and for tests (which call it through app.inject). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { env, database, webDistDir = WEB_DIST_DIR, logStream } = deps;
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
      ],
      // Errors are logged as codes and frames: a query's error holds its parameters (lib/log-safety.ts).
      serializers: { err: (error: unknown) => loggableError(error) },
      ...(logStream ? { stream: logStream } : {}),
    },
    // One log line per request (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // The proxy's X-Request-Id when it is a plain id; a client cannot write other text into the log.
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 100 * 1024,
    // The spec's client calls both /api/orders/ and /api/orders/:id.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));
  registerErrorHandling(app);
  await registerSecurity(app, env);
  await registerCompression(app);

  const db = database.db;
  const now = deps.now ?? Date.now;
  const jwtSecret = resolveJwtSecret(env);
  const publicUrl = appUrl(env);
  const supportEmail = supportEmailOf(env);
  const auth = createAuthenticator(db, jwtSecret, new URL(publicUrl).origin);
  const catalogCache = { ttlMs: env.CATALOG_CACHE_MS, maxBytes: env.CATALOG_CACHE_BYTES };
  const catalog = createCatalogReader(db, catalogCache, now);
  const collections = createCollectionsReader(db, catalogCache, now);
  catalog.onInvalidate(collections.clear);
  const sitemaps = createSitemaps(db, publicUrl, env.SITEMAP_CACHE_MS, now);
  catalog.onInvalidate(sitemaps.clear);
  const limit = createActionLimiter(db, env.ACTION_LIMIT_SCALE);
  const background = createBackgroundTasks(app.log.child({ module: 'background' }));
  // Tests wait on it instead of sleeping.
  app.decorate('backgroundTasks', background);

  const mailLog = app.log.child({ module: 'mail' });
  const mailWorker = createMailWorker({
    db,
    transport: env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM ?? `"${SHOP_NAME}" <${supportEmail}>`)
      : createDevOutboxTransport(mailLog, env.NODE_ENV !== 'production'),
    log: mailLog,
    pollMs: env.MAIL_POLL_MS,
  });

  const ordersCtx: OrdersContext = {
    db,
    secret: deriveKey(jwtSecret, 'order-access'),
    appUrl: publicUrl,
    supportEmail,
    wakeMail: mailWorker.wake,
    onStockChanged: catalog.invalidate,
  };
  const configured = createPaymentProvider(env, {
    secret: deriveKey(jwtSecret, 'test-checkout'),
    appUrl: publicUrl,
  });
  const provider = deps.paymentProvider ?? configured.provider;
  const sweeper = createHoldSweeper(
    ordersCtx,
    app.log.child({ module: 'holds' }),
    env.HOLD_SWEEP_MS,
  );
  const refundsCtx: RefundsContext = { ...ordersCtx, provider };
  const refundsLog = app.log.child({ module: 'refunds' });
  const refundRecovery = createPeriodicSweep(
    async () => {
      await recoverPendingRefunds(refundsCtx, () => new Date(now()), refundsLog);
    },
    refundsLog,
    env.REFUND_SWEEP_MS,
  );
  app.decorate('refundRecovery', refundRecovery);
  const facetsLog = app.log.child({ module: 'listing-facets' });
  const facetFold = createPeriodicSweep(
    async () => {
      await foldKeptFacets(db);
    },
    facetsLog,
    env.FACET_FOLD_MS,
  );
  const searchLog = createSearchLog(db, { now, log: app.log.child({ module: 'search-log' }) });
  app.decorate('searchLog', searchLog);

  app.addHook('onReady', async () => {
    mailWorker.start();
    sweeper.start();
    refundRecovery.start();
    facetFold.start();
    searchLog.start();
    // The listing index reads every product once (9 s at 100,000 on a slow machine, their search
    // words included: decision 068): before the first shopper filters a listing, not during it.
    background.run('listing index', () => listingIndexOf(db).catchUp());
  });
  app.addHook('onClose', async () => {
    await background.idle();
    await sweeper.stop();
    await refundRecovery.stop();
    await facetFold.stop();
    await mailWorker.stop();
    await searchLog.stop();
  });

  // Before any route: every back-office route checks its caller before its body is read.
  guardBackOfficeRoutes(app, auth);
  await app.register(healthRoutes, { database, readyTimeoutMs: env.DB_READY_TIMEOUT_MS });
  await app.register(configRoutes, { env });
  await app.register(catalogRoutes, { catalog, searchLog });
  await app.register(searchRoutes, {
    suggestions: (typed) => suggestWithSalePrices(db, typed, new Date(now())),
    searchLog,
    limit,
  });
  await app.register(reviewRoutes, {
    ctx: { db, orders: ordersCtx },
    auth,
    limit,
    onReviewAdded: catalog.invalidate,
  });
  const accountsCtx = {
    db,
    jwtSecret,
    appUrl: publicUrl,
    supportEmail,
    wakeMail: mailWorker.wake,
    limit,
    background,
    verifyPassword: deps.verifyPassword ?? verifyPassword,
    addressProven: attachProvenGuestOrders,
  };
  await app.register(accountRoutes, { ctx: accountsCtx, auth, limit });
  await app.register(privacyRoutes, {
    ctx: { db, accounts: accountsCtx, provider, onStockChanged: catalog.invalidate },
    auth,
    limit,
  });
  await app.register(backOfficeRoutes, {
    ctx: {
      db,
      jwtSecret,
      mfaKey: deriveKey(jwtSecret, 'mfa'),
      appUrl: publicUrl,
      supportEmail,
      wakeMail: mailWorker.wake,
      now,
      checkCode: deps.checkSecondFactor ?? codeIsRight,
    },
    auth,
    limit,
  });
  await app.register(orderRoutes, {
    ctx: {
      ...ordersCtx,
      provider,
      maxOpenCheckoutsPerAddress: MAX_OPEN_CHECKOUTS_PER_ADDRESS * env.ACTION_LIMIT_SCALE,
      maxHeldUnitsPerAddress: MAX_HELD_UNITS_PER_ADDRESS * env.ACTION_LIMIT_SCALE,
    },
    auth,
    limit,
    now,
  });
  await app.register(webhookRoutes, {
    ctx: ordersCtx,
    provider,
    requestsPerMinute: env.RATE_LIMIT_PER_MINUTE,
  });
  await app.register(fulfilmentRoutes, { ctx: ordersCtx, auth });
  await app.register(refundRoutes, { ctx: refundsCtx, auth });
  await app.register(customerRoutes, { db, auth });
  await app.register(orderDocumentRoutes, { db, auth });
  await app.register(imageRoutes, {
    ctx: { db, store: createDatabaseImageStore(db), onPhotosChanged: catalog.invalidate },
    auth,
  });
  await app.register(adminProductRoutes, {
    ctx: {
      db,
      onCatalogChanged: catalog.invalidate,
      importWaitMs: env.CATALOG_IMPORT_WAIT_MS,
      lowStockMail: { appUrl: publicUrl, supportEmail },
    },
    auth,
  });
  await app.register(stockRoutes, { ctx: ordersCtx, auth });
  await app.register(shippingRoutes, { db, auth });
  await app.register(collectionRoutes, {
    ctx: { db, onCatalogChanged: catalog.invalidate },
    reader: collections,
    auth,
  });
  await app.register(adminDiscountRoutes, { db, auth, onCatalogChanged: catalog.invalidate });
  await app.register(adminSearchRoutes, {
    ctx: { db, onCatalogChanged: catalog.invalidate },
    auth,
    now,
  });
  if (!deps.paymentProvider && configured.testCheckout) {
    await app.register(testCheckoutRoutes, { ctx: ordersCtx, provider: configured.testCheckout });
  }
  // Dev-only routes exist only beside their dev implementation: the outbox lists reset links, so
  // it must never be reachable while real mail goes out (nor in production at all).
  if (!env.SMTP_URL && env.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { db });

  await app.register(seoRoutes, { appUrl: publicUrl, sitemaps });
  await registerStorefront(app, {
    webDistDir,
    serverEntryPath:
      deps.serverEntryPath ?? path.join(webDistDir, '..', 'dist-server', 'entry-server.js'),
    catalog,
    collections,
    searchLog,
    env,
  });
  return app;
}
