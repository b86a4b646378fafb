import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from './shop';

/** What a crawler or a browser without JavaScript gets from the server. */

/** Every product of the catalog, page by page, as GET /api/products lists them. */
export async function allProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let page = 1, pages = 1; page <= pages; page += 1) {
    const response = await request.get(`/api/products?pageNumber=${page}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { products: ApiProduct[]; pages: number };
    products.push(...body.products);
    pages = body.pages;
  }
  return products;
}

/** The JSON-LD blocks of the page that is open. */
export async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** The `content` of a <meta> in the head of the page that is open. */
export const metaContent = (page: Page, key: string) =>
  page.locator(`head meta[property="${key}"], head meta[name="${key}"]`).getAttribute('content');

/** Attributes the CSP would refuse (style-src 'self', no inline script) in one start tag. */
const FORBIDDEN_ATTRIBUTE = /\s(style|on[a-z]+)\s*=/i;
const SCRIPT_DATA_TYPES = ['application/json', 'application/ld+json'];

/**
 * What in the server's HTML the CSP would refuse or need an exception for: `style` and `on…`
 * attributes, and <script> elements that run inline (data blocks and scripts by `src` are fine).
 */
export function cspProblemsIn(html: string): string[] {
  const problems: string[] = [];
  for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    if (FORBIDDEN_ATTRIBUTE.test(tag)) problems.push(tag);
    if (!/^<script\b/i.test(tag) || /\ssrc=/i.test(tag)) continue;
    const type = /\stype="([^"]*)"/i.exec(tag)?.[1]?.toLowerCase();
    if (!type || !SCRIPT_DATA_TYPES.includes(type)) problems.push(tag);
  }
  return problems;
}

/** Console lines and page errors that tell of a server/browser mismatch (React's #418-#425). */
const HYDRATION_PROBLEM =
  /hydrat|did not match|server rendered|Minified React error #(418|419|423|425)\b/i;

/**
 * Collects every console error and uncaught page error, and the warnings that tell of a hydration
 * mismatch. The browser's 'Failed to load resource' lines (a not-found page's 404) are not counted.
 */
export function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !/Failed to load resource/.test(text)) problems.push(text);
    if (message.type() === 'warning' && HYDRATION_PROBLEM.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`${error.message}\n${error.stack ?? ''}`));
  return problems;
}
