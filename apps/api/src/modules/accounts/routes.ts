import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  emailOnlyRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  type MessageResponse,
  userInfoSchema,
  userProfileSchema,
} from '@shop/shared/accounts';
import { emailChangeConfirmedSchema } from '@shop/shared/credential-change';
import { responses } from '@shop/shared/responses';
import { singleLineText } from '@shop/shared/text';
import { AppError } from '../../errors';
import { addressKeyOf } from '../../lib/address-key';
import { isUuid } from '../../lib/uuid';
import type { ActionLimit, ActionLimiter } from '../rate-limits/service';
import type { Authenticator } from './authenticator';
import { confirmEmailChange, profileWithPendingEmail } from './email-change';
import { updateProfile } from './profile-update';
import {
  logIn,
  logOut,
  register,
  requestPasswordReset,
  requestVerificationMail,
  resetPassword,
  verifyEmail,
  type AccountsContext,
} from './service';

const HOUR_MS = 60 * 60_000;
/** Calls that send mail, limited per client address (the per-address mail throttles come on top). */
export const ACCOUNT_ACTION_LIMITS = {
  register: { action: 'register', max: 10, windowMs: HOUR_MS },
  mailRequest: { action: 'account-mail', max: 10, windowMs: HOUR_MS },
} satisfies Record<string, ActionLimit>;

/** The spec's client sends path values with a literal leading colon (/verify/:{userId}/…). */
const withoutColon = (value: string) => value.replace(/^:/, '');
const pathValue = z.pipe(singleLineText('Link').check(z.maxLength(200)), z.transform(withoutColon));
const message = (text: string): MessageResponse => ({ message: text });

export const accountRoutes: FastifyPluginAsyncZod<{
  ctx: AccountsContext;
  auth: Authenticator;
  limit: ActionLimiter;
}> = async (app, { ctx, auth, limit }) => {
  app.post(
    '/api/users',
    {
      schema: { body: registerRequestSchema, response: responses({ 201: messageResponseSchema }) },
    },
    async (request, reply) => {
      await limit(ACCOUNT_ACTION_LIMITS.register, addressKeyOf(request.ip));
      await register(ctx, request.body);
      return reply.code(201).send(message(ACCOUNT_MESSAGES.registered));
    },
  );

  app.post(
    '/api/users/login',
    { schema: { body: loginRequestSchema, response: responses({ 200: userInfoSchema }) } },
    async (request) => logIn(ctx, request.body, addressKeyOf(request.ip)),
  );

  app.get(
    '/api/users/verify/:userId/:uniqueString',
    {
      schema: {
        params: z.object({ userId: pathValue, uniqueString: pathValue }),
        response: responses({ 200: messageResponseSchema }),
      },
    },
    async (request) => {
      const { userId, uniqueString } = request.params;
      if (!isUuid(userId)) throw new AppError('invalid', ACCOUNT_MESSAGES.badVerificationLink);
      await verifyEmail(ctx, userId, uniqueString);
      return message(ACCOUNT_MESSAGES.verified);
    },
  );

  app.post(
    '/api/users/resend-verification',
    {
      schema: { body: emailOnlyRequestSchema, response: responses({ 200: messageResponseSchema }) },
    },
    async (request) => {
      await limit(ACCOUNT_ACTION_LIMITS.mailRequest, addressKeyOf(request.ip));
      await requestVerificationMail(ctx, request.body.email);
      return message(ACCOUNT_MESSAGES.verificationResent);
    },
  );

  app.post(
    '/api/users/forgot-password',
    {
      schema: { body: emailOnlyRequestSchema, response: responses({ 200: messageResponseSchema }) },
    },
    async (request) => {
      await limit(ACCOUNT_ACTION_LIMITS.mailRequest, addressKeyOf(request.ip));
      // Answered before the account is even looked up: a known address takes no longer than an unknown one.
      const { email } = request.body;
      ctx.background.run('password reset request', () => requestPasswordReset(ctx, email));
      return message(ACCOUNT_MESSAGES.resetRequested);
    },
  );

  app.post(
    '/api/users/reset-password/:token',
    {
      schema: {
        params: z.object({ token: pathValue }),
        body: resetPasswordRequestSchema,
        response: responses({ 200: messageResponseSchema }),
      },
    },
    async (request) => {
      await resetPassword(ctx, request.params.token, request.body.password);
      return message(ACCOUNT_MESSAGES.passwordReset);
    },
  );

  app.get(
    '/api/users/profile',
    { schema: { response: responses({ 200: userProfileSchema }) } },
    async (request) => profileWithPendingEmail(ctx.db, await auth.requireUser(request)),
  );

  app.post(
    '/api/users/logout',
    { schema: { response: responses({ 200: messageResponseSchema }) } },
    async (request) => {
      const { sessionId } = await auth.requireSession(request);
      await logOut(ctx, sessionId);
      return message(ACCOUNT_MESSAGES.loggedOut);
    },
  );

  app.put(
    '/api/users/profile',
    { schema: { body: profileUpdateRequestSchema, response: responses({ 200: userInfoSchema }) } },
    async (request) =>
      updateProfile(ctx, await auth.requireUser(request), request.body, addressKeyOf(request.ip)),
  );

  // POST, not GET: the storefront's page at /confirm-email/:token sends it once it has loaded.
  app.post(
    '/api/users/confirm-email/:token',
    {
      schema: {
        params: z.object({ token: pathValue }),
        response: responses({ 200: emailChangeConfirmedSchema }),
      },
    },
    async (request) => confirmEmailChange(ctx, request.params.token),
  );
};
