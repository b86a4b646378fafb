import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A back-office account's TOTP secret (RFC 6238), encrypted with a key derived from the shop's
 * secret. confirmedAt is set by the first code that proves the app has it; lastStep is the
 * newest time step accepted, so each code is accepted once.
 */
export const mfaSecrets = pgTable('mfa_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 like mailed tokens. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** The one-time start-up link that creates the first owner (printed when none is configured). */
export const ownerSetupTokens = pgTable('owner_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Every back-office write, appended. The app never changes or deletes a row, and a trigger
 * (migration 0004) refuses UPDATE and DELETE to anyone who tries. Ids of the actor, order and
 * user are kept without foreign keys, and the actor's name and e-mail as they were, so a row
 * outlives a removed staff member or an erased customer.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    /** e.g. 'order.shipped', 'order.refunded', 'staff.invited'. */
    action: text('action').notNull(),
    orderId: uuid('order_id'),
    productId: uuid('product_id'),
    targetUserId: uuid('target_user_id'),
    summary: text('summary').notNull(),
    clientAddress: text('client_address'),
  },
  (t) => [
    index('audit_log_newest_idx').on(t.at.desc()),
    index('audit_log_order_idx').on(t.orderId),
    index('audit_log_product_idx').on(t.productId),
  ],
);

/**
 * A back-office account's choice of a mail for every paid order. Without a row the role decides:
 * the owner gets them, staff do not.
 */
export const newOrderMailChoices = pgTable('new_order_mail_choices', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
