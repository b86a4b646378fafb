import { sql, type SQL } from 'drizzle-orm';
import { LIST_COUNT_CAP, listCursor, readListCursor } from '@shop/shared/back-office';
import { pageCounts } from './search';

/**
 * Keyset paging of the back office's newest-first lists (decision 053): a page is read from an
 * index at a cursor (the time and key of the row it follows or precedes), so page 750 costs what
 * page 1 costs. Without a cursor, `page` is an OFFSET (the first page, and old links).
 */
export type PageAt =
  | { after: { at: string; key: string } }
  | { before: { at: string; key: string } }
  | { offset: number };

export function pageAt(
  query: { page: number; after?: string | undefined; before?: string | undefined },
  size: number,
): PageAt {
  if (query.after) return { after: readListCursor(query.after) };
  if (query.before) return { before: readListCursor(query.before) };
  return { offset: (query.page - 1) * size };
}

/** A list's order, newest first: its time, then its key (unique) to break ties. */
export interface KeysetOrder {
  at: SQL;
  key: SQL;
  /** The key of a cursor as a value comparable with `key` (e.g. cast to uuid). */
  keyValue: (key: string) => SQL;
}

/**
 * The condition (rows past the cursor) and the order of the walk: newest first, or oldest first
 * from a `before` cursor (the page is turned back the right way round by keysetPage).
 */
export function keysetClauses(order: KeysetOrder, at: PageAt) {
  const row = sql`(${order.at}, ${order.key})`;
  const cursor = (c: { at: string; key: string }) =>
    sql`(${c.at}::timestamptz, ${order.keyValue(c.key)})`;
  if ('after' in at) {
    return {
      where: sql`${row} < ${cursor(at.after)}`,
      orderBy: [sql`${order.at} desc`, sql`${order.key} desc`],
      offset: 0,
    };
  }
  if ('before' in at) {
    return {
      where: sql`${row} > ${cursor(at.before)}`,
      orderBy: [sql`${order.at} asc`, sql`${order.key} asc`],
      offset: 0,
    };
  }
  return {
    where: undefined,
    orderBy: [sql`${order.at} desc`, sql`${order.key} desc`],
    offset: at.offset,
  };
}

/** A row's time as microseconds since 1970, exactly (text), for its cursor. */
export const cursorMicros = (at: SQL) =>
  sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`;

/**
 * One page of rows read with keysetClauses and a LIMIT of size + 1 (the extra row says whether
 * the walk goes on): the rows newest first, and the cursors of the pages after and before it.
 */
export function keysetPage<T extends { cursorAt: string; cursorKey: string }>(
  rows: T[],
  at: PageAt,
  size: number,
) {
  const more = rows.length > size;
  const page = rows.slice(0, size);
  if ('before' in at) page.reverse();
  const cursorOf = (row: T | undefined) => (row ? listCursor(row.cursorAt, row.cursorKey) : null);
  const hasNext = 'before' in at || more;
  const hasPrev = 'before' in at ? more : 'after' in at || at.offset > 0;
  return {
    rows: page,
    next: hasNext ? cursorOf(page.at(-1)) : null,
    prev: hasPrev ? cursorOf(page[0]) : null,
  };
}

/** Counting stops here: one more than the cap says 'more than the cap'. */
export const countLimit = (cap: number) => cap + 1;

/** The page fields of a keyset-paged answer from a count made with countLimit(cap). */
export function keysetCounts(
  query: { page: number },
  counted: number,
  size: number,
  { next, prev }: { next: string | null; prev: string | null },
  cap: number = LIST_COUNT_CAP,
) {
  return {
    ...pageCounts(query.page, Math.min(counted, cap), size),
    totalCapped: counted > cap,
    next,
    prev,
  };
}
