/**
 * What the API answers a stored token it no longer accepts; the storefront logs out on it. A module
 * of its own: the storefront's first page needs this one text, not every account message.
 */
export const TOKEN_FAILED_MESSAGE = 'Not authorized, token failed';
