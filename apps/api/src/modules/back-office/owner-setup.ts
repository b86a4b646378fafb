import {
  BACK_OFFICE_MESSAGES,
  OWNER_SETUP_LINK_MS,
  type OwnerSetupRequest,
} from '@shop/shared/back-office';
import { passwordProblem } from '@shop/shared/password';
import type { Database, Executor } from '../../db/client';
import { appUrl, type Env } from '../../env';
import { AppError } from '../../errors';
import {
  accountByEmail,
  createAccount,
  hashPassword,
  promoteToOwner,
  verifyPassword,
  type UserRow,
} from '../accounts/service';
import { createMailedToken, hashMailedToken } from '../accounts/tokens';
import { recordAudit } from '../audit/service';
import { actorOf, type BackOfficeContext } from './context';
import { consumeSetupToken, insertSetupToken, lockOwnerCreation, ownerExists } from './repository';

/** A start-up that must not go on: the message says what to change. */
export class OwnerSetupError extends Error {
  override name = 'OwnerSetupError';
}

export interface StartupLog {
  info(message: string): void;
  warn(message: string): void;
}

export type OwnerBootstrapOutcome = 'exists' | 'created' | 'promoted' | 'link-created';

/**
 * The set-up link as start-up prints it: last, after the shop says it is ready, between rules and
 * on a line of its own (so a terminal selects it whole), where a new owner cannot miss it.
 */
export function ownerSetupNotice(link: string): string {
  const text = [
    'The shop has no owner yet. Open this link within 1 hour to create the owner',
    'account (it works once; restart the shop for a new one):',
  ];
  const rule = '='.repeat(Math.max(link.length, ...text.map((line) => line.length)) + 4);
  return ['', rule, ...text.map((line) => `  ${line}`), '', `  ${link}`, '', rule, ''].join('\n');
}

const OWNER_NAME = 'Owner';

async function recordOwnerCreated(tx: Executor, user: UserRow, clientAddress: string, how: string) {
  await recordAudit(tx, actorOf(user, clientAddress), {
    action: 'owner.created',
    targetUserId: user.id,
    summary: `${user.name} <${user.email}> became the owner (${how})`,
  });
}

/**
 * Start-up: makes sure the shop has an owner. With OWNER_EMAIL and OWNER_PASSWORD it creates one
 * (or promotes the account of that address when the password is its own); with neither it makes
 * a one-time link to /admin/setup, valid for OWNER_SETUP_LINK_MS, and hands it to
 * `announceSetupLink` (start-up prints it once the shop is ready). Throws OwnerSetupError when
 * start-up must stop (a weak password, someone else's address).
 */
export async function ensureOwner(options: {
  db: Database;
  env: Pick<Env, 'OWNER_EMAIL' | 'OWNER_PASSWORD' | 'APP_URL' | 'PORT'>;
  log: StartupLog;
  announceSetupLink: (link: string) => void;
  now?: () => number;
}): Promise<OwnerBootstrapOutcome> {
  const { db, env, log, announceSetupLink, now = Date.now } = options;
  if (await ownerExists(db)) return 'exists';
  const email = env.OWNER_EMAIL;
  const password = env.OWNER_PASSWORD;
  if (!email || !password) {
    const { token, tokenHash } = createMailedToken();
    await insertSetupToken(db, tokenHash, new Date(now() + OWNER_SETUP_LINK_MS));
    log.warn('the shop has no owner yet: a one-time set-up link is printed once it is ready');
    announceSetupLink(`${appUrl(env)}/admin/setup?token=${token}`);
    return 'link-created';
  }
  const problem = passwordProblem(password);
  if (problem) throw new OwnerSetupError(`OWNER_PASSWORD is not accepted: ${problem}`);

  const passwordHash = await hashPassword(password);
  const outcome = await db.transaction(async (tx): Promise<OwnerBootstrapOutcome> => {
    await lockOwnerCreation(tx);
    if (await ownerExists(tx)) return 'exists';
    const existing = await accountByEmail(tx, email);
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, password)))
        throw new OwnerSetupError(
          `OWNER_EMAIL ${email} already belongs to an account and OWNER_PASSWORD is not its password: start-up stopped. Use that account's password, or another address.`,
        );
      await promoteToOwner(tx, existing.id);
      await recordOwnerCreated(tx, existing, 'start-up', 'OWNER_EMAIL, existing account');
      return 'promoted';
    }
    const user = await createAccount(tx, {
      name: OWNER_NAME,
      email,
      passwordHash,
      role: 'owner',
      verified: true,
    });
    if (!user) throw new OwnerSetupError(`OWNER_EMAIL ${email} was taken while starting up`);
    await recordOwnerCreated(tx, user, 'start-up', 'OWNER_EMAIL');
    return 'created';
  });
  if (outcome !== 'exists') log.info(`${email} is the shop's owner (${outcome})`);
  return outcome;
}

/**
 * POST /api/admin/setup: the printed link creates the first owner, once. 409 when the shop has an
 * owner; 400 when the link is unknown, used or expired. Everything or nothing: a refused setup
 * leaves the link usable.
 */
export async function setUpOwner(
  ctx: BackOfficeContext,
  input: OwnerSetupRequest,
  clientAddress: string,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await lockOwnerCreation(tx);
    if (await ownerExists(tx)) throw new AppError('conflict', BACK_OFFICE_MESSAGES.ownerExists);
    if (!(await consumeSetupToken(tx, hashMailedToken(input.token), new Date(ctx.now()))))
      throw new AppError('invalid', BACK_OFFICE_MESSAGES.setupLinkInvalid);
    const user = await createAccount(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      role: 'owner',
      verified: true,
    });
    if (!user) throw new AppError('conflict', BACK_OFFICE_MESSAGES.staffEmailTaken);
    await recordOwnerCreated(tx, user, clientAddress, 'setup link');
  });
}
