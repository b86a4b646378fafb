import type { Database, Executor } from '../../db/client';
import type { AuditActor } from '../audit/service';
import type { UserRow } from '../accounts/service';
import type { MfaSecretRow } from './repository';

export interface BackOfficeContext {
  db: Database;
  jwtSecret: Uint8Array;
  /** Seals TOTP secrets at rest (deriveKey(jwtSecret, 'mfa')). */
  mfaKey: Uint8Array;
  /** Public origin for links in mails and the printed setup link. */
  appUrl: string;
  supportEmail: string;
  /** Asks the mail worker to deliver soon. */
  wakeMail(): void;
  /** The clock of codes and links (tests set it; never sleep). */
  now(): number;
  /** Checks a second-factor code (second-factor.ts's codeIsRight; tests count the checks). */
  checkCode: SecondFactorCheck;
}

/** Whether a code (from the app, or a recovery code) opens the secret; uses it up when it does. */
export type SecondFactorCheck = (
  tx: Executor,
  ctx: BackOfficeContext,
  secret: MfaSecretRow,
  code: string,
  now: number,
) => Promise<boolean>;

/** The audit actor of a signed-in user at an address. */
export const actorOf = (user: UserRow, clientAddress: string): AuditActor => ({
  user: { id: user.id, email: user.email, name: user.name },
  clientAddress,
});
