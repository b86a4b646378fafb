import * as z from 'zod/mini';
import { customerNoteSchema } from './admin-customers';
import { userRoleSchema } from './accounts';
import { orderSchema } from './orders';
import { singleLineText } from './text';

/** The rights the privacy notice promises: a copy of one's data, and erasure. */

/** DELETE /api/users/profile (bearer): the current password confirms it. */
export const deleteAccountRequestSchema = z.object({
  password: singleLineText('Password').check(
    z.minLength(1, 'Password cannot be empty'),
    z.maxLength(128),
  ),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** What an erased account's reviews are shown under. */
export const FORMER_CUSTOMER = 'Former customer';

/** What an erased order's address fields read. */
export const ERASED_FIELD = 'Erased';

/**
 * The placeholder address that replaces an erased e-mail: unique per record (orders and reviews
 * are unique by it) and never delivered (`.invalid` is reserved, RFC 2606).
 */
export const ERASED_EMAIL = { prefix: 'erased-', domain: '@invalid' } as const;
export const erasedEmail = (recordId: string) =>
  `${ERASED_EMAIL.prefix}${recordId}${ERASED_EMAIL.domain}`;

export const PRIVACY_MESSAGES = {
  wrongPassword: 'Your current password is not correct',
  orderAwaitingShipment:
    'One of your orders is paid and waiting to ship. Your account can be deleted once it has shipped.',
  checkoutOpen:
    'A checkout of yours could not be ended: its payment may be arriving. Please try again in a few minutes.',
  ownerCannotDelete:
    'The owner account cannot be deleted here: the shop would have no owner. Hand the shop over to another owner first.',
  deleted: 'Your account has been deleted',
  exportFailed: 'Your data could not be downloaded. Please try again.',
} as const;

/** The file name of GET /api/users/profile/export for a day (YYYY-MM-DD, UTC). */
export const exportFileName = (day: Date) =>
  `sadu-sands-my-data-${day.toISOString().slice(0, 10)}.json`;

/** A review as the export gives it. */
export const exportedReviewSchema = z.object({
  product: z.string(),
  productName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type ExportedReview = z.infer<typeof exportedReviewSchema>;

/** GET /api/users/profile/export: what the shop holds about the account (never its secrets). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    name: z.string(),
    email: z.string(),
    verified: z.boolean(),
    createdAt: z.string(),
    role: userRoleSchema,
  }),
  orders: z.array(orderSchema),
  reviews: z.array(exportedReviewSchema),
  /** The shop staff's internal notes on the account (decision 045), oldest first. */
  notes: z.array(customerNoteSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
