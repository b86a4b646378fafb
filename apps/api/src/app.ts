import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SHOP_NAME } from '@shop/shared/shop';
import type { DatabaseHandle } from './db/client';
import { appUrl, supportEmailOf, type Env } from './env';
import { resolveJwtSecret } from './lib/jwt-secret';
import { deriveKey } from './lib/keys';
import { createAuthenticator } from './modules/accounts/authenticator';
import { accountRoutes } from './modules/accounts/routes';
import { createCatalogReader } from './modules/catalog/catalog-reader';
import { catalogRoutes } from './modules/catalog/routes';
import { configRoutes } from './modules/config/routes';
import { healthRoutes } from './modules/health/routes';
import { devOutboxRoutes } from './modules/mail/dev-outbox-routes';
import { createDevOutboxTransport, createSmtpTransport } from './modules/mail/mail-transport';
import { createMailWorker } from './modules/mail/mail-worker';
import { createHoldSweeper } from './modules/orders/hold-sweeper';
import { orderRoutes } from './modules/orders/routes';
import type { OrdersContext } from './modules/orders/service';
import { createPaymentProvider } from './modules/payments/create-provider';
import type { PaymentProvider } from './modules/payments/provider';
import { testCheckoutRoutes } from './modules/payments/test-checkout-routes';
import { webhookRoutes } from './modules/payments/webhook-routes';
import { reviewRoutes } from './modules/reviews/routes';
import { createActionLimiter } from './modules/rate-limits/service';
import { WEB_DIST_DIR } from './paths';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/error-handler';
import { logRequest } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerStorefront } from './plugins/storefront';

export interface AppDependencies {
  env: Env;
  database: DatabaseHandle;
  /** Where the built storefront is; tests point it elsewhere. */
  webDistDir?: string;
  /** Replaces the provider chosen from the configuration (tests: Stripe against a local stand-in). */
  paymentProvider?: PaymentProvider;
}

/** Builds the whole app, for the server and for tests (which call it through app.inject). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { env, database, webDistDir = WEB_DIST_DIR } = deps;
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
      ],
    },
    // One log line per request (plugins/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 100 * 1024,
    // The spec's client calls both /api/orders/ and /api/orders/:id.
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));
  registerErrorHandling(app);
  await registerSecurity(app, env);
  await registerCompression(app);

  const db = database.db;
  const jwtSecret = resolveJwtSecret(env);
  const publicUrl = appUrl(env);
  const supportEmail = supportEmailOf(env);
  const auth = createAuthenticator(db, jwtSecret);
  const catalog = createCatalogReader(db, env.CATALOG_CACHE_MS);
  const limit = createActionLimiter(db, env.ACTION_LIMIT_SCALE);

  const mailLog = app.log.child({ module: 'mail' });
  const mailWorker = createMailWorker({
    db,
    transport: env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM ?? `"${SHOP_NAME}" <${supportEmail}>`)
      : createDevOutboxTransport(mailLog),
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

  app.addHook('onReady', async () => {
    mailWorker.start();
    sweeper.start();
  });
  app.addHook('onClose', async () => {
    await sweeper.stop();
    await mailWorker.stop();
  });

  await app.register(healthRoutes, { database });
  await app.register(configRoutes, { env });
  await app.register(catalogRoutes, { catalog });
  await app.register(reviewRoutes, {
    ctx: { db, orders: ordersCtx },
    auth,
    limit,
    onReviewAdded: catalog.invalidate,
  });
  await app.register(accountRoutes, {
    ctx: { db, jwtSecret, appUrl: publicUrl, supportEmail, wakeMail: mailWorker.wake },
    auth,
    limit,
  });
  await app.register(orderRoutes, { ctx: { ...ordersCtx, provider }, auth, limit });
  await app.register(webhookRoutes, { ctx: ordersCtx, provider });
  if (!deps.paymentProvider && configured.testCheckout) {
    await app.register(testCheckoutRoutes, { ctx: ordersCtx, provider: configured.testCheckout });
  }
  if (env.NODE_ENV !== 'production') await app.register(devOutboxRoutes, { db });

  await registerStorefront(app, webDistDir);
  return app;
}
