import { escapeHtml } from '@shop/shared/html';
import { SHOP_NAME } from '@shop/shared/shop';
import { DATABASE_BUSY_MESSAGE } from '../../db/database-errors';

/**
 * The page a shopper gets (503) when the database does not answer in time: plain HTML that needs
 * nothing else from the shop, with a link to try the same address again.
 */
export function busyPage(pathAndQuery: string): string {
  // One leading slash: '//host/…' would lead to another site.
  const again = `/${pathAndQuery.replace(/^[/\\]+/, '')}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Busy · ${escapeHtml(SHOP_NAME)}</title></head>
<body><main><h1>${escapeHtml(SHOP_NAME)}</h1><p role="alert">${escapeHtml(DATABASE_BUSY_MESSAGE)}</p>
<p><a href="${escapeHtml(again)}">Try again</a></p></main></body></html>`;
}
