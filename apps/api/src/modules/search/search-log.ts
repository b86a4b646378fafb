import { isFiltered, type ListingFilters } from '@shop/shared/listing';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeSearchQuery, searchReportFirstDay, shopDayOf } from '@shop/shared/search-report';
import type { Database } from '../../db/client';
import { addSearchDayCounts, deleteSearchDaysBefore, type SearchDayCounts } from './repository';

/** How often the counts kept in memory are written. */
export const SEARCH_LOG_FLUSH_MS = 5_000;
/**
 * At most this many (day, query) pairs wait for a write: past it a new query is not counted until
 * the next write, so a flood of random searches cannot grow the process's memory without bound.
 */
export const MAX_PENDING_QUERIES = 1_000;

export interface SearchLogOptions {
  /** The shop's clock (tests move it instead of waiting). */
  now: () => number;
  log: FastifyBaseLogger;
  maxPendingQueries?: number;
  flushMs?: number;
}

/**
 * The Searches report's counts (decision 056), kept in memory per (shop day, query) and added to
 * search_query_days by one upsert every few seconds and when the server closes: a search costs
 * the storefront's request a map look-up, never a write. Nothing of who searched is kept. The
 * counts of a process that dies between writes are lost: a report, not a ledger.
 */
export function createSearchLog(db: Database, options: SearchLogOptions) {
  const maxPending = options.maxPendingQueries ?? MAX_PENDING_QUERIES;
  let pending = new Map<string, SearchDayCounts>();
  let refused = 0;
  let writing: Promise<void> | undefined;
  let prunedBefore: string | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** The counts of `query` today; undefined past the cap, or for a view with nothing pending. */
  const countsOf = (keyword: string, create: boolean): SearchDayCounts | undefined => {
    const query = normalizeSearchQuery(keyword);
    if (!query) return undefined;
    const day = shopDayOf(new Date(options.now()));
    const key = `${day}\n${query}`;
    const known = pending.get(key);
    if (known || !create) return known;
    if (pending.size >= maxPending) {
      refused += 1;
      return undefined;
    }
    const counts = { day, query, searches: 0, results: 0, productViews: 0 };
    pending.set(key, counts);
    return counts;
  };

  const firstDayNow = () => searchReportFirstDay(shopDayOf(new Date(options.now())));

  async function write(batch: SearchDayCounts[], dropped: number): Promise<void> {
    if (dropped)
      options.log.warn({ dropped }, 'search log: queries past the pending cap were not counted');
    await addSearchDayCounts(db, batch);
    // The window moves once a day: the rows before it go then.
    const firstDay = firstDayNow();
    if (prunedBefore !== firstDay) {
      await deleteSearchDaysBefore(db, firstDay);
      prunedBefore = firstDay;
    }
  }

  /** Writes what is pending, after any write still under way (one at a time, in order). */
  function flush(): Promise<void> {
    const batch = [...pending.values()];
    const dropped = refused;
    pending = new Map();
    refused = 0;
    const previous = writing;
    const current = (async () => {
      await previous?.catch(() => undefined);
      await write(batch, dropped);
    })();
    writing = current;
    return current;
  }

  return {
    /**
     * A storefront listing answered: a keyword search counts once, on its first page (the next
     * pages are the same search), with how many products it found.
     */
    listed(
      request: { keyword?: string | undefined; page: number; filters?: ListingFilters },
      total: number,
    ): void {
      // A search is counted once: its later pages, sorts and filters are the same search.
      if (!request.keyword || request.page !== 1) return;
      if (request.filters && (isFiltered(request.filters) || request.filters.sort)) return;
      const counts = countsOf(request.keyword, true);
      if (!counts) return;
      counts.searches += 1;
      counts.results = total;
    },
    /**
     * A product page opened after a search of `query`: added only to today's row of that query
     * when the write finds one (or the search is pending here); a view never creates a row.
     */
    viewed(query: string): void {
      const counts = countsOf(query, true);
      if (counts) counts.productViews += 1;
    },
    flush,
    start(): void {
      const flushMs = options.flushMs ?? SEARCH_LOG_FLUSH_MS;
      timer = setInterval(() => {
        if (!pending.size && prunedBefore === firstDayNow()) return;
        flush().catch((error: unknown) =>
          options.log.error({ err: error }, 'search log: write failed'),
        );
      }, flushMs);
      timer.unref();
    },
    /** On close: the pending counts are written before the database goes. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush().catch((error: unknown) =>
        options.log.error({ err: error }, 'search log: the last write failed'),
      );
    },
  };
}

export type SearchLog = ReturnType<typeof createSearchLog>;
