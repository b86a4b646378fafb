import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from './password';
import { singleLineText } from './text';

/** A link to confirm a new e-mail address works this long, once. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60_000;

/** The messages of a profile change that touches the password or the e-mail, word for word. */
export const CREDENTIAL_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  badEmailChangeLink:
    'This link to confirm a new e-mail address is invalid, has expired or was already used.',
} as const;

/** 'n***@example.com': enough for the owner to recognise an address, too little to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Said after an e-mail change was asked for, and on the profile while it waits. */
export function emailChangePendingMessage(newEmail: string): string {
  return `We sent a link to ${newEmail}. Your e-mail address changes when you open it; until then, sign in with your current address.`;
}

/** Said when the link was opened. */
export function emailChangedMessage(newEmail: string): string {
  return `Your e-mail address is now ${newEmail}. Please sign in with it.`;
}

/**
 * The password the session's holder has now: asked before any change of the e-mail or the
 * password, so a stolen token alone cannot take the account over. Any password is checked, as
 * at the login (one set before the policy included); control characters never reach argon2.
 */
export const currentPasswordSchema = singleLineText('Current password', {
  error: CREDENTIAL_MESSAGES.currentPasswordRequired,
}).check(
  z.minLength(1, { error: CREDENTIAL_MESSAGES.currentPasswordRequired, abort: true }),
  z.maxLength(PASSWORD_MAX_LENGTH, CREDENTIAL_MESSAGES.currentPasswordWrong),
);

/** POST /api/users/confirm-email/:token */
export const emailChangeConfirmedSchema = z.object({
  message: z.string(),
  _id: z.string(),
  email: z.string(),
});
export type EmailChangeConfirmed = z.infer<typeof emailChangeConfirmedSchema>;
