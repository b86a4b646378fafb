/** Facts about the shop shown on many screens and in mails. */
export const SHOP_NAME = 'Sadu Sands';
export const SHOP_HEADQUARTERS = 'Chicago, IL, USA';
export const ANNOUNCEMENT = 'FREE SHIPPING ON ORDERS $50+';
/** Used when SUPPORT_EMAIL is not configured; `.example` is reserved and never delivers. */
export const DEFAULT_SUPPORT_EMAIL = 'support@sadusands.example';
/**
 * The shop's time zone, where its headquarters are: discounts' dates are read in it (decision
 * 047). A setting of the owner's once the shop sells from elsewhere.
 */
export const SHOP_TIME_ZONE = 'America/Chicago';
