import { z } from 'zod';
import { addressKeyOf } from '../../lib/address-key';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, type MessageResponse } from '@shop/shared/accounts';
import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_SESSION_MS,
  auditListResponseSchema,
  backOfficeSessionRequestSchema,
  backOfficeSessionResponseSchema,
  mfaEnrollResponseSchema,
  newOrderMailSettingSchema,
  ownerSetupRequestSchema,
  pageQuerySchema,
  staffInviteRequestSchema,
  staffListResponseSchema,
  staffMemberSchema,
} from '@shop/shared/back-office';
import { singleLineText } from '@shop/shared/text';
import { responses } from '@shop/shared/responses';
import type { Authenticator } from '../accounts/authenticator';
import { createSessionCookie } from '../accounts/back-office-cookie';
import type { ActionLimit, ActionLimiter } from '../rate-limits/service';
import { actorOf, type BackOfficeContext } from './context';
import { setUpOwner } from './owner-setup';
import { enroll, openBackOffice } from './second-factor';
import {
  auditPage,
  chooseNewOrderMail,
  inviteStaff,
  listStaff,
  newOrderMailSetting,
  removeStaff,
  resetStaffSecondFactor,
} from './service';

const perHour = (action: string, max: number): ActionLimit => ({
  action,
  max,
  windowMs: 60 * 60_000,
});
/** Calls that send mail or create an owner, per client address. */
export const BACK_OFFICE_ACTION_LIMITS = {
  invite: perHour('staff-invite', 30),
  setup: perHour('owner-setup', 10),
};

const message = (text: string): MessageResponse => ({ message: text });
const memberParams = z.object({ id: singleLineText('Staff member').check(z.maxLength(100)) });

export const backOfficeRoutes: FastifyPluginAsyncZod<{
  ctx: BackOfficeContext;
  auth: Authenticator;
  limit: ActionLimiter;
}> = async (app, { ctx, auth, limit }) => {
  const cookie = createSessionCookie(ctx.appUrl);

  app.post(
    '/api/admin/setup',
    {
      schema: {
        body: ownerSetupRequestSchema,
        response: responses({ 201: messageResponseSchema }),
      },
    },
    async (request, reply) => {
      await limit(BACK_OFFICE_ACTION_LIMITS.setup, addressKeyOf(request.ip));
      await setUpOwner(ctx, request.body, request.ip);
      return reply.code(201).send(message(BACK_OFFICE_MESSAGES.ownerCreated));
    },
  );

  app.post(
    '/api/admin/mfa/enroll',
    { schema: { response: responses({ 200: mfaEnrollResponseSchema }) } },
    async (request) => enroll(ctx, await auth.requireSession(request)),
  );

  app.post(
    '/api/admin/session',
    {
      schema: {
        body: backOfficeSessionRequestSchema,
        response: responses({ 200: backOfficeSessionResponseSchema }),
      },
    },
    async (request, reply) => {
      const opened = await openBackOffice(
        ctx,
        await auth.requireSession(request),
        request.body.code,
        request.ip,
      );
      // The browser's tabs share it (decision 044); scripts keep using the token answered.
      cookie.set(reply, opened.token, BACK_OFFICE_SESSION_MS);
      return opened;
    },
  );

  // Sign-out: forgets the cookie (anyone may ask; it only clears the caller's own).
  app.delete(
    '/api/admin/session',
    { schema: { response: responses({ 200: messageResponseSchema }) } },
    async (_request, reply) => {
      cookie.clear(reply);
      return message(BACK_OFFICE_MESSAGES.signedOut);
    },
  );

  app.get(
    '/api/admin/staff',
    { schema: { response: responses({ 200: staffListResponseSchema }) } },
    async (request) => {
      await auth.requireBackOffice(request);
      return listStaff(ctx);
    },
  );

  app.post(
    '/api/admin/staff',
    { schema: { body: staffInviteRequestSchema, response: responses({ 201: staffMemberSchema }) } },
    async (request, reply) => {
      const { user } = await auth.requireBackOffice(request, { owner: true });
      await limit(BACK_OFFICE_ACTION_LIMITS.invite, addressKeyOf(request.ip));
      const member = await inviteStaff(ctx, actorOf(user, request.ip), request.body);
      return reply.code(201).send(member);
    },
  );

  // The owner's changes to one member: remove them, or reset their second factor.
  for (const [method, url, change, done] of [
    ['DELETE', '/api/admin/staff/:id', removeStaff, BACK_OFFICE_MESSAGES.staffRemoved],
    [
      'POST',
      '/api/admin/staff/:id/reset-mfa',
      resetStaffSecondFactor,
      BACK_OFFICE_MESSAGES.mfaReset,
    ],
  ] as const) {
    app.route({
      method,
      url,
      schema: { params: memberParams, response: responses({ 200: messageResponseSchema }) },
      handler: async (request) => {
        const { user } = await auth.requireBackOffice(request, { owner: true });
        await change(ctx, actorOf(user, request.ip), request.params.id);
        return message(done);
      },
    });
  }

  app.get(
    '/api/admin/me/new-order-mail',
    { schema: { response: responses({ 200: newOrderMailSettingSchema }) } },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return newOrderMailSetting(ctx, user.id);
    },
  );

  app.put(
    '/api/admin/me/new-order-mail',
    {
      schema: {
        body: newOrderMailSettingSchema,
        response: responses({ 200: newOrderMailSettingSchema }),
      },
    },
    async (request) => {
      const { user } = await auth.requireBackOffice(request);
      return chooseNewOrderMail(ctx, actorOf(user, request.ip), request.body);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        querystring: z.object({ page: pageQuerySchema }),
        response: responses({ 200: auditListResponseSchema }),
      },
    },
    async (request) => {
      await auth.requireBackOffice(request, { owner: true });
      return auditPage(ctx, request.query.page);
    },
  );
};
