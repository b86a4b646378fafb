import { isIP } from 'node:net';
import { z } from 'zod';
import { emailSchema } from '@shop/shared/accounts';
import { DEFAULT_SUPPORT_EMAIL } from '@shop/shared/shop';
import type { DatabaseTimeouts } from './db/client';

/** 'true'/'1'/'yes' and 'false'/'0'/'no', so that flags in the environment read naturally. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Which proxies' X-Forwarded-For to believe: how many sit in front of the shop ('1'), or their
 * addresses ('10.0.0.1,10.0.0.0/8'). 'true' is refused: it believes the entry a client writes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0' || value === 'no') return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (value === 'true' || value === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe any X-Forwarded-For a client writes; set the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.1,10.0.0.0/8)',
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be a number of proxies or a list of addresses; not an address: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A memory budget in bytes, `mebibytes` MiB unless set; up to 4 GiB. */
const byteBudget = (mebibytes: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(4 * 1024 ** 3)
    .default(mebibytes * 1024 ** 2);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    // PostgreSQL only (db/postgres.ts): a stalled server must cost a request seconds, not minutes.
    /** How long a query waits for a connection, a new one or a free one of the pool. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** The longest one statement may run; the server cancels it, or the API gives up 1 s later. */
    DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** How long GET /api/ready waits for the database before answering 503. */
    DB_READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    JWT_SECRET: optionalText.pipe(
      z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: optionalText,
    SUPPORT_EMAIL: optionalText.pipe(z.email().optional()),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    PAYPAL_CLIENT_ID: optionalText,
    /** Where the wallet provider's script comes from; allowed by the CSP only when a client id is set. */
    PAYPAL_SCRIPT_ORIGIN: z.url({ protocol: /^https$/ }).default('https://www.paypal.com'),
    /** Coarse per-address flood guard for the whole API, per process; see docs/decisions. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** How often the mail worker looks for due mail (it is also woken when mail is queued). */
    MAIL_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** How often unpaid orders whose hold ran out are looked for. */
    HOLD_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** How often the listings' kept facet counts fold their deltas in (decision 059). */
    FACET_FOLD_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** How long a CSV import waits for one already running (then 409); tests shorten it. */
    CATALOG_IMPORT_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** How often refunds left pending by an interrupted request are looked for (and finished). */
    REFUND_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    /** Lets a production build take 'payments' through the built-in test checkout (browser tests only). */
    ALLOW_TEST_CHECKOUT: booleanFlag.default(false),
    /**
     * The second, explicit yes that production needs beside ALLOW_TEST_CHECKOUT: one flag left on
     * by mistake must not let anyone mark an order paid without paying.
     */
    I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY: booleanFlag.default(false),
    /** How long a catalog answer may be served from memory; 0 turns the cache off. */
    CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** What the catalog's and the collections' cached answers may weigh, each (bytes). */
    CATALOG_CACHE_BYTES: byteBudget(16),
    /** What the rendered pages kept (and the renders remembered) may weigh, each (bytes). */
    PAGE_CACHE_BYTES: byteBudget(32),
    /**
     * How far V8 lets the heap grow past what the last full collection kept before it collects
     * again, in percent (decision 062); 0 leaves it to V8, which under load lets it grow fourfold.
     */
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
    /**
     * How long the sitemap index and files are kept once written (they are dropped at once when
     * this process changes the catalog); 0 writes them on every request.
     */
    SITEMAP_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
    /** Multiplies the per-hour limits of registrations, mail requests, checkouts and reviews (tests). */
    ACTION_LIMIT_SCALE: z.coerce.number().int().min(1).max(100_000).default(1),
    /** Set when the shop runs behind proxies that set X-Forwarded-For: their number or addresses. */
    TRUST_PROXY: trustProxy.default(false),
    /** Load the sample catalog at start-up when the catalog is empty. */
    SEED_SAMPLE_CATALOG: booleanFlag.default(true),
    /**
     * The first owner, made at start-up when the shop has none (both or neither). Without them a
     * one-time setup link is printed instead.
     */
    OWNER_EMAIL: optionalText.pipe(z.optional(emailSchema)),
    OWNER_PASSWORD: optionalText,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET is required in production',
      });
    }
    if (env.NODE_ENV === 'production' && !env.STRIPE_SECRET_KEY && !env.ALLOW_TEST_CHECKOUT) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'STRIPE_SECRET_KEY is required in production (the test checkout takes no money; ALLOW_TEST_CHECKOUT=true with I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY=true allows it for tests)',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.ALLOW_TEST_CHECKOUT &&
      !env.I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY'],
        message:
          'ALLOW_TEST_CHECKOUT=true in production lets anyone mark an order paid without paying; set I_UNDERSTAND_TEST_CHECKOUT_TAKES_NO_MONEY=true as well if that is really meant (browser tests only)',
      });
    }
    if (Boolean(env.OWNER_EMAIL) !== Boolean(env.OWNER_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OWNER_EMAIL ? 'OWNER_PASSWORD' : 'OWNER_EMAIL'],
        message: 'OWNER_EMAIL and OWNER_PASSWORD are set together (or neither, for a setup link)',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvError extends Error {
  override name = 'InvalidEnvError';
}

/** Reads and validates the configuration once; a wrong value stops start-up with a readable list. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new InvalidEnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function supportEmailOf(env: Env): string {
  return env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL;
}

/** The public origin used in mails and payment redirects. */
export function appUrl(env: Pick<Env, 'APP_URL' | 'PORT'>): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function databaseTimeoutsOf(env: Env): DatabaseTimeouts {
  return { connectMs: env.DB_CONNECT_TIMEOUT_MS, queryMs: env.DB_QUERY_TIMEOUT_MS };
}
