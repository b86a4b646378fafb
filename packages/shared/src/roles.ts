/**
 * customer: every shopper; staff and owner also run the back office (the owner also refunds,
 * cancels and manages staff). No zod here: the storefront's first page reads stored roles.
 */
export const USER_ROLES = ['customer', 'staff', 'owner'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const isBackOfficeRole = (role: UserRole) => role !== 'customer';
