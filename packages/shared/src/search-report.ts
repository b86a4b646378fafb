import * as z from 'zod/mini';
import { SHOP_TIME_ZONE } from './shop';
import { singleLineText } from './text';

/*
 * The owner's Searches report (issue 22, decision 056): what shoppers searched for in the last 30
 * days, counted per day and query. Nothing of who searched is kept: no account, address, session
 * or cookie goes with a query.
 */

/** The report covers this many of the shop's days, today included; older days are deleted. */
export const SEARCH_REPORT_DAYS = 30;
/** A query is kept at most this long (the storefront's keyword is at most 200 characters too). */
export const MAX_SEARCH_QUERY_LENGTH = 200;
/** Each of the report's lists shows at most this many queries. */
export const SEARCH_REPORT_ROWS = 20;
/** A product page opened within this time after a search counts as that search's view. */
export const SEARCH_VIEW_WINDOW_MS = 30 * 60_000;

/**
 * A query as the report counts it: trimmed, lower case, single spaces, at most 200 characters,
 * so 'Tote ', 'tote' and 'TOTE' are one row.
 */
export function normalizeSearchQuery(keyword: string): string {
  const folded = keyword.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
  return [...folded].slice(0, MAX_SEARCH_QUERY_LENGTH).join('').trim();
}

/** One formatter per time zone: making one costs far more than using it (a search asks each time). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The shop's calendar day of a moment, in its time zone ('2026-11-26'). */
export function shopDayOf(at: Date, timeZone: string = SHOP_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day `days` after `day` (before, when negative), as calendar dates. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The report's first day when `today` is its last: 30 days in all. */
export const searchReportFirstDay = (today: string) => addDays(today, 1 - SEARCH_REPORT_DAYS);

/** POST /api/search/product-views: the storefront's last search led to a product page. */
export const searchProductViewSchema = z.object({
  query: singleLineText('Search').check(
    z.trim(),
    z.minLength(1, 'A search cannot be blank'),
    z.maxLength(
      MAX_SEARCH_QUERY_LENGTH,
      `A search is at most ${MAX_SEARCH_QUERY_LENGTH} characters`,
    ),
  ),
});
export type SearchProductView = z.infer<typeof searchProductViewSchema>;

const count = z.number().check(z.int(), z.nonnegative());

/** A query of the report: its searches, how many products its latest search found, views after it. */
export const searchReportQuerySchema = z.object({
  query: z.string(),
  searches: count,
  /** The products found by its latest search (of the latest day it was searched). */
  results: count,
  productViews: count,
});
export type SearchReportQuery = z.infer<typeof searchReportQuerySchema>;

/** A query whose latest search found nothing. */
export const searchReportNoResultSchema = z.object({ query: z.string(), searches: count });
export type SearchReportNoResult = z.infer<typeof searchReportNoResultSchema>;

/** GET /api/admin/search/report: the last 30 days of the shop's calendar, today included. */
export const searchReportSchema = z.object({
  /** The first and last day counted ('2026-10-28', '2026-11-26'). */
  from: z.string(),
  to: z.string(),
  totals: z.object({
    searches: count,
    /** Searches of a day when that query's latest search found nothing. */
    noResults: count,
    /** Searches that led to a product page (at most one each). */
    ledToView: count,
  }),
  /** By searches, most first: at most 20. */
  topQueries: z.array(searchReportQuerySchema),
  /** Queries whose latest search found nothing, most searched first: at most 20. */
  noResults: z.array(searchReportNoResultSchema),
});
export type SearchReport = z.infer<typeof searchReportSchema>;
