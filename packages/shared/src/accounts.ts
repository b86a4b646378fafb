import * as z from 'zod/mini';
import { USER_ROLES } from './roles';
import { currentPasswordSchema } from './credential-change';
import { passwordSchema, profilePasswordSchema } from './password';
import { TOKEN_FAILED_MESSAGE } from './session';
import { singleLineText } from './text';

/** The messages the API answers and the screens show, word for word. */
export const ACCOUNT_MESSAGES = {
  userExists: 'User already exists',
  invalidCredentials: 'Invalid email or password',
  notVerified:
    'Please verify your email address before logging in. We have sent you a new verification link.',
  registered: 'Pending Verification... check your email!',
  verified: 'Successfully verified!',
  badVerificationLink:
    'This verification link is invalid or has expired. Log in to have a new one sent to you.',
  verificationResent:
    'If that address has an account waiting for verification, we have sent it a new link.',
  // The spam advice is the countdown warning's (the page gives it once, and after a reload too).
  resetRequested:
    'If an account exists for that address, we have sent it a link to reset the password.',
  badResetLink: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Password reset successful!',
  profileUpdated: 'Profile Updated',
  tokenFailed: TOKEN_FAILED_MESSAGE,
  noToken: 'Not authorized, no token',
  loggedOut: 'Logged out',
} as const;

/** Trimmed and lower-cased, so one address is one account however it is typed. */
export const emailSchema = z.pipe(
  singleLineText('Email address').check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254, 'Email address is too long'),
  ),
  z.email('Please enter a valid email address'),
);

export const nameSchema = singleLineText('Name').check(
  z.trim(),
  z.minLength(1, 'Please enter your name'),
  z.maxLength(80, 'Name must be at most 80 characters'),
);

/** POST /api/users */
export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/users/login: any password is checked, the policy applies when one is chosen. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: singleLineText('Password').check(
    z.minLength(1, 'Password cannot be empty'),
    z.maxLength(128),
  ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userRoleSchema = z.enum(USER_ROLES);
// Type-only: the storefront's build splits this module and takes no value re-exports (USER_ROLES
// comes from './roles').
export type { UserRole } from './roles';

/** Kept in browser storage as userInfo. */
export const userInfoSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  token: z.string(),
  createdAt: z.string(),
  message: z.optional(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /api/users/profile */
export const userProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
  createdAt: z.string(),
  /** A new address that changes the e-mail once the link mailed to it is opened. */
  pendingEmail: z.optional(z.string()),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** PUT /api/users/profile: the spec's payload; a new password is always required. */
export const profileUpdateRequestSchema = z.object({
  id: z.optional(singleLineText('id').check(z.maxLength(100))),

  name: nameSchema,
  email: emailSchema,
  password: profilePasswordSchema,
  currentPassword: currentPasswordSchema,
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** POST /api/users/forgot-password and POST /api/users/resend-verification */
export const emailOnlyRequestSchema = z.object({ email: emailSchema });

/** POST /api/users/reset-password/:token */
export const resetPasswordRequestSchema = z.object({ password: passwordSchema });

/** Answers that carry only a message: forgot, reset, verify, register. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
