import { randomBytes } from 'node:crypto';
import {
  AUDIT_PAGE_SIZE,
  BACK_OFFICE_MESSAGES,
  STAFF_INVITATION_MS,
  type AuditListResponse,
  type NewOrderMailSetting,
  type StaffInviteRequest,
  type StaffMember,
  type StaffListResponse,
} from '@shop/shared/back-office';
import type { UserRole } from '@shop/shared/roles';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { isUuid } from '../../lib/uuid';
import {
  createAccount,
  endBackOfficeSessions,
  issuePasswordSetupToken,
  removeAccount,
} from '../accounts/service';
import { listAudit, recordAudit, type AuditActor } from '../audit/service';
import { enqueueMail } from '../mail/service';
import type { BackOfficeContext } from './context';
import {
  deleteSecondFactor,
  findMember,
  listMembers,
  newOrderMailOf,
  saveNewOrderMail,
  type MemberRow,
} from './repository';

/** Whom the paying of an order mails (flows/order-holds.ts), in the caller's transaction. */
export { newOrderMailRecipients } from './repository';
import { staffInvitationMail } from './staff-mails';

/**
 * Who may do what: every /api/admin/* call needs a back-office token (requireBackOffice); staff
 * view, ship and deliver orders and see customers; the owner also refunds, cancels, manages staff,
 * reads the audit log and resets a staff member's second factor (requireBackOffice({ owner })).
 */

const toStaffMember = (row: MemberRow): StaffMember => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as UserRole,
  enrolled: row.enrolled,
  createdAt: row.createdAt.toISOString(),
});

export async function listStaff(ctx: BackOfficeContext): Promise<StaffListResponse> {
  return { staff: (await listMembers(ctx.db)).map(toStaffMember) };
}

/** The owners, for the shop's mails to them (low stock), in the caller's transaction. */
export async function ownersToNotify(db: Executor): Promise<{ email: string; name: string }[]> {
  return (await listMembers(db))
    .filter((member) => member.role === 'owner')
    .map(({ email, name }) => ({ email, name }));
}

/** GET /api/admin/me/new-order-mail */
export async function newOrderMailSetting(
  ctx: BackOfficeContext,
  userId: string,
): Promise<NewOrderMailSetting> {
  return { newOrderMail: await newOrderMailOf(ctx.db, userId) };
}

/** PUT /api/admin/me/new-order-mail: the account's own choice, audited. */
export async function chooseNewOrderMail(
  ctx: BackOfficeContext,
  actor: AuditActor,
  setting: NewOrderMailSetting,
): Promise<NewOrderMailSetting> {
  await ctx.db.transaction(async (tx) => {
    await saveNewOrderMail(tx, actor.user.id, setting.newOrderMail);
    await recordAudit(tx, actor, {
      action: 'account.new_order_mail',
      targetUserId: actor.user.id,
      summary: setting.newOrderMail
        ? 'Turned on the mail for every paid order'
        : 'Turned off the mail for every paid order',
    });
  });
  return setting;
}

/**
 * Creates a staff account that cannot sign in until its password is chosen through the mailed
 * link (7 days), which also verifies the address. 409 when the address already has an account.
 */
export async function inviteStaff(
  ctx: BackOfficeContext,
  actor: AuditActor,
  input: StaffInviteRequest,
): Promise<StaffMember> {
  // No password matches this: argon2 cannot even read it.
  const passwordHash = `!invited:${randomBytes(16).toString('base64url')}`;
  const member = await ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      ...input,
      passwordHash,
      role: 'staff',
      verified: false,
    });
    if (!user) return undefined;
    const token = await issuePasswordSetupToken(tx, user.id, STAFF_INVITATION_MS);
    await enqueueMail(
      tx,
      staffInvitationMail({
        to: user.email,
        name: user.name,
        invitedBy: actor.user.name,
        link: `${ctx.appUrl}/reset-password/${token}?welcome=1`,
        supportEmail: ctx.supportEmail,
      }),
    );
    await recordAudit(tx, actor, {
      action: 'staff.invited',
      targetUserId: user.id,
      summary: `Invited ${user.name} <${user.email}> as staff`,
    });
    return { ...user, enrolled: false };
  });
  if (!member) throw new AppError('conflict', BACK_OFFICE_MESSAGES.staffEmailTaken);
  ctx.wakeMail();
  return toStaffMember(member);
}

/** The staff member (or owner) of an id in a path; 404 for customers and unknown ids. */
async function memberOrNotFound(tx: Executor, id: string): Promise<MemberRow> {
  const member = isUuid(id) ? await findMember(tx, id) : undefined;
  if (!member) throw new AppError('not_found', BACK_OFFICE_MESSAGES.staffNotFound);
  return member;
}

/**
 * An owner's change to one member, in one transaction with its audit row: `change` does it and
 * answers the audit summary.
 */
async function changeMember(
  ctx: BackOfficeContext,
  actor: AuditActor,
  id: string,
  action: string,
  change: (tx: Executor, member: MemberRow) => Promise<string>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const member = await memberOrNotFound(tx, id);
    const summary = await change(tx, member);
    await recordAudit(tx, actor, { action, targetUserId: member.id, summary });
  });
}

/** Ends a staff account and every token it holds at once; owners are not removed here. */
export const removeStaff = (ctx: BackOfficeContext, actor: AuditActor, id: string) =>
  changeMember(ctx, actor, id, 'staff.removed', async (tx, member) => {
    if (member.role === 'owner')
      throw new AppError('conflict', BACK_OFFICE_MESSAGES.cannotRemoveOwner);
    await removeAccount(tx, member.id);
    return `Removed ${member.name} <${member.email}> from the staff`;
  });

/** Forgets a member's second factor and ends their back-office sessions: they enroll again. */
export const resetStaffSecondFactor = (ctx: BackOfficeContext, actor: AuditActor, id: string) =>
  changeMember(ctx, actor, id, 'staff.mfa_reset', async (tx, member) => {
    await deleteSecondFactor(tx, member.id);
    await endBackOfficeSessions(tx, member.id);
    return `Reset the second factor of ${member.name} <${member.email}>`;
  });

export const auditPage = (ctx: BackOfficeContext, page: number): Promise<AuditListResponse> =>
  listAudit(ctx.db, page, AUDIT_PAGE_SIZE);
