/** Facts about the shop shown on many screens and in mails. */
export const SHOP_NAME = 'Sadu Sands';
export const SHOP_HEADQUARTERS = 'Chicago, IL, USA';
export const ANNOUNCEMENT = 'FREE SHIPPING ON ORDERS $50+';
/** Used when SUPPORT_EMAIL is not configured; `.example` is reserved and never delivers. */
export const DEFAULT_SUPPORT_EMAIL = 'support@sadusands.example';
