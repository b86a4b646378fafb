import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Normalised: trimmed, lower case. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    /** customer, staff or owner (USER_ROLES): staff and owner run the back office. */
    role: text('role').notNull().default('customer'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * When an e-mail change last completed; null while the account has the address it was made
     * with, the only one whose past guest orders it may take (decision 022).
     */
    emailChangedAt: timestamp('email_changed_at', { withTimezone: true }),
    /** Carried in every token; raised on a password reset or change so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in ('customer', 'staff', 'owner')`),
    index('users_back_office_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
    // The back office's Customers list: newest first, paged at a cursor, found by part of the
    // e-mail or the name (decision 053).
    index('users_customers_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.role} = 'customer'`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * One row per sign-in. Every token names its session, so a logout ends that token on the server
 * (and a later back office can end every session of an account).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * 'login' for a sign-in; 'back_office' for the token a staff or owner login gets once the
     * second factor is proved. A back-office session names its login and ends with it.
     */
    kind: text('kind').notNull().default('login'),
    parentId: uuid('parent_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_parent_idx').on(t.parentId),
    check('sessions_kind_known', sql`${t.kind} in ('login', 'back_office')`),
  ],
);

/** Columns shared by single-use, expiring tokens that are mailed to the user and stored hashed. */
const mailedTokenColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 of the random token; the token itself is only ever in the mail. */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  mailedTokenColumns(),
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', mailedTokenColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
]);

/**
 * A new e-mail address waiting for its link to be opened; users.email changes only then. One
 * pending request per user: a newer one, a confirmation or a password reset ends the others.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    ...mailedTokenColumns(),
    /** Normalised like users.email. */
    newEmail: text('new_email').notNull(),
  },
  (t) => [index('email_change_requests_user_idx').on(t.userId)],
);

/**
 * Failed-login counters and lockouts, keyed by 'email:<address>' and by 'ip:<address>',
 * so the lockout holds across API processes.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('login_throttles_counts_nonnegative', sql`${t.failures} >= 0 and ${t.lockouts} >= 0`),
  ],
);
