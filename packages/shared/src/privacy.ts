import { z } from 'zod';
import { singleLineText } from './text';

/** The rights the privacy notice promises: a copy of one's data, and erasure. */

/** DELETE /api/users/profile (bearer): the current password confirms it. */
export const deleteAccountRequestSchema = z.object({
  password: singleLineText('Password').min(1, 'Password cannot be empty').max(128),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What an erased account's reviews are shown under. */
export const FORMER_CUSTOMER = 'Former customer';

export const PRIVACY_MESSAGES = {
  wrongPassword: 'Your current password is not correct',
  orderAwaitingShipment:
    'One of your orders is paid and waiting to ship. Your account can be deleted once it has shipped.',
  deleted: 'Your account has been deleted',
} as const;
