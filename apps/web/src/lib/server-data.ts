/**
 * The id of the JSON data block (<script type="application/json">) in which the server renderer
 * hands the browser the API answers it rendered with. A data block is never executed, so the
 * strict CSP (script-src 'self') needs neither a hash nor a nonce for it.
 */
export const SERVER_DATA_ID = 'server-data';

/**
 * What the block holds: the API state the page was rendered with (for the store) and its route
 * loaders' data (for the router: their loaders do not run again while the browser hydrates).
 */
export type ServerData = { api: unknown; loaderData: Record<string, unknown> };

/** The block's text: JSON that cannot end its <script> element or open a comment. */
export function serverDataJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
