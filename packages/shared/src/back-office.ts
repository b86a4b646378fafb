import * as z from 'zod/mini';
import { emailSchema, nameSchema, userRoleSchema } from './accounts';
import { passwordSchema } from './password';
import { singleLineText } from './text';

/**
 * The back office's sign-in, staff and audit contract. A back-office account (staff or owner)
 * signs in as everyone does, then proves a second factor (TOTP, RFC 6238) and gets a
 * back-office token that every other /api/admin/* call needs.
 */

/** TOTP parameters (RFC 6238): what authenticator apps assume by default. */
export const TOTP = {
  algorithm: 'SHA1',
  digits: 6,
  periodSeconds: 30,
  /** Steps of clock drift accepted either way. */
  driftSteps: 1,
} as const;
export const RECOVERY_CODE_COUNT = 10;
/** A back-office token lasts at most this long (it also ends with its login). */
export const BACK_OFFICE_SESSION_MS = 8 * 60 * 60_000;
/** How long the start-up link to /admin/setup works. */
export const OWNER_SETUP_LINK_MS = 60 * 60_000;
/** How long a staff invitation's link works. */
export const STAFF_INVITATION_MS = 7 * 24 * 60 * 60_000;

/** POST /api/admin/mfa/enroll (bearer of a staff or owner login, not yet enrolled). */
export const mfaEnrollResponseSchema = z.object({
  /** Base32 (RFC 4648, no padding), for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUrl: z.string(),
});
export type MfaEnrollResponse = z.infer<typeof mfaEnrollResponseSchema>;

/** POST /api/admin/session: a 6-digit code from the app, or one of the recovery codes. */
export const backOfficeSessionRequestSchema = z.object({
  code: singleLineText('Code').check(
    z.trim(),
    z.minLength(1, 'Please enter the code from your authenticator app'),
    z.maxLength(40, 'That code is not valid'),
  ),
});
export type BackOfficeSessionRequest = z.infer<typeof backOfficeSessionRequestSchema>;
export const backOfficeSessionResponseSchema = z.object({
  token: z.string(),
  /** Only on the first success, which confirms the enrollment: shown once, stored hashed. */
  recoveryCodes: z.optional(z.array(z.string())),
});
export type BackOfficeSessionResponse = z.infer<typeof backOfficeSessionResponseSchema>;

/** POST /api/admin/setup: the one-time start-up link creates the first owner. */
export const ownerSetupRequestSchema = z.object({
  token: singleLineText('Token').check(z.trim(), z.minLength(1), z.maxLength(200)),
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type OwnerSetupRequest = z.infer<typeof ownerSetupRequestSchema>;

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  /** The second factor is set up. */
  enrolled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
/** GET /api/admin/staff: the owner(s) and staff. */
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;
/** POST /api/admin/staff (owner): 201 with the new member; 409 when the address has an account. */
export const staffInviteRequestSchema = z.object({ name: nameSchema, email: emailSchema });
export type StaffInviteRequest = z.infer<typeof staffInviteRequestSchema>;

/** The one who acted: a person, the shop itself (mails, expiries) or the payment provider. */
export const actorSchema = z.union([
  z.object({ _id: z.string(), email: z.string(), name: z.string() }),
  z.literal('system'),
  z.literal('provider'),
]);
export type Actor = z.infer<typeof actorSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: actorSchema,
  action: z.string(),
  orderId: z.nullable(z.string()),
  userId: z.nullable(z.string()),
  summary: z.string(),
  clientAddress: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Paged lists of the back office: 1-based page, at most 1000 (deeper pages are for search). */
export const pageQuerySchema = z._default(
  z.coerce
    .number({ error: 'Page must be a number' })
    .check(
      z.int('Page must be a whole number'),
      z.minimum(1, 'Page must be at least 1'),
      z.maximum(1000, 'Page must be at most 1000'),
    ),
  1,
);

export const pagedSchema = z.object({
  page: z.int(),
  pages: z.int(),
  total: z.int(),
});

/**
 * Lists that grow with the shop (orders, customers; decision 053) count at most this many: an
 * exact count of a million orders is a scan. Above it the answer says `totalCapped` and the
 * screen shows '10,000+'.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A text search counts to this many: a common fragment ('nasser') matches a seventh of a million
 * orders, and checking 10,000 of them per request is what a busy back office cannot afford
 * (decision 053). The screen shows '1,000+'.
 */
export const SEARCH_COUNT_CAP = 1_000;

/** Where a list's count stops: lower for a text search. */
export const listCountCap = (q: string | undefined) => (q ? SEARCH_COUNT_CAP : LIST_COUNT_CAP);

const CURSOR =
  /^(\d{4,17})_((?:guest-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Where a page of a newest-first list ends: the row's time in microseconds since 1970 and its key
 * ('1764159960123456_<uuid>'). A page after it (`after`) or before it (`before`) is read from an
 * index at that point (keyset paging), however deep the page.
 */
const cursorSchema = (label: string) =>
  z.optional(
    singleLineText(label).check(
      z.regex(CURSOR, 'That page of the list is not valid, please start again'),
    ),
  );

/** The time (ISO 8601 with microseconds, UTC) and the key a valid cursor names. */
export function readListCursor(cursor: string): { at: string; key: string } {
  const [, micros = '', key = ''] = CURSOR.exec(cursor) ?? [];
  const ms = Number(micros.slice(0, -3));
  const iso = new Date(ms).toISOString();
  return { at: `${iso.slice(0, -1)}${micros.slice(-3)}Z`, key };
}

/** The cursor of a row: its time in microseconds since 1970 (as text: exact) and its key. */
export const listCursor = (micros: string, key: string) => `${micros}_${key}`;

/**
 * A keyset-paged list's query: `page` is the page's number as the pager counts it (shown, and
 * the OFFSET when no cursor is given); `after` or `before` a cursor of the page it came from.
 */
export const keysetQueryShape = {
  page: z._default(
    z.coerce
      .number({ error: 'Page must be a number' })
      .check(
        z.int('Page must be a whole number'),
        z.minimum(1, 'Page must be at least 1'),
        z.maximum(100_000_000, 'Page must be at most 100000000'),
      ),
    1,
  ),
  after: cursorSchema('After'),
  before: cursorSchema('Before'),
};

type KeysetQuery = { page: number; after?: string | undefined; before?: string | undefined };

/**
 * `after` and `before` are each a way to page, one at a time; a cursor's page costs what the
 * first costs, whatever its number, but a page by number alone (an OFFSET) is at most 1000.
 */
export const oneCursor = z.superRefine<KeysetQuery>((query, context) => {
  if (query.after && query.before)
    context.addIssue({
      code: 'custom',
      message: 'Give either after or before, not both',
      path: ['before'],
      input: query,
    });
  if (!query.after && !query.before && query.page > 1000)
    context.addIssue({
      code: 'custom',
      message: 'Page must be at most 1000',
      path: ['page'],
      input: query,
    });
});

/**
 * A keyset-paged answer: `total` counts to LIST_COUNT_CAP (`totalCapped` above it, and `pages` is
 * then what the cap makes); `next` and `prev` are the cursors of the pages around it, or null.
 */
export const keysetPagedSchema = z.extend(pagedSchema, {
  totalCapped: z.boolean(),
  next: z.nullable(z.string()),
  prev: z.nullable(z.string()),
});

/** GET /api/admin/audit?page= (owner), newest first, 50 a page. */
export const AUDIT_PAGE_SIZE = 50;
export const auditListResponseSchema = z.extend(pagedSchema, {
  entries: z.array(auditEntrySchema),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/**
 * GET and PUT /api/admin/me/new-order-mail: whether the signed-in back-office account gets a mail
 * for every paid order (until it chooses, the owner does and staff do not).
 */
export const newOrderMailSettingSchema = z.object({
  newOrderMail: z.boolean({ error: 'newOrderMail must be true or false' }),
});
export type NewOrderMailSetting = z.infer<typeof newOrderMailSettingSchema>;

export const BACK_OFFICE_MESSAGES = {
  notBackOffice: 'This is for the shop’s staff only',
  needsSecondFactor: 'Please confirm the code from your authenticator app first',
  ownerOnly: 'Only the shop’s owner can do this',
  alreadyEnrolled: 'Your second factor is already set up',
  notEnrolled: 'Please set up your second factor first',
  badCode: 'That code is not valid',
  staffEmailTaken: 'That email address already has an account',
  staffNotFound: 'Staff member not found',
  cannotRemoveOwner: 'The owner cannot be removed here',
  setupLinkInvalid: 'This setup link is not valid or has expired',
  ownerExists: 'The shop already has an owner',
  loginTokenNeeded: 'Please sign in again: this needs the token of your sign-in',
  ownerCreated: 'The owner account is ready. Please sign in.',
  staffRemoved: 'Staff member removed',
  mfaReset: 'Their second factor was reset: they set it up again at their next sign-in',
  crossSiteRefused: 'This change must be made from the shop’s own back office',
  signedOut: 'Signed out of the back office',
} as const;
