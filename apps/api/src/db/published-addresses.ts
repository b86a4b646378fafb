import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** A published record's address on the storefront (its handle) and its last change. */
export type PublishedAddress = { id: string; handle: string; updatedAt: Date };

/** Ids from `from` (included) up to `before` (left out); either end open when not given. */
export type IdRange = { from?: string; before?: string };

type AddressTable = PgTable & {
  id: PgColumn;
  handle: PgColumn;
  status: PgColumn;
  updatedAt: PgColumn;
};

/**
 * A table's published rows walked in id order by keyset (`id > last`), never by OFFSET over what
 * was already read: each step is one index range read of the primary key, whatever the table
 * holds. Products and collections share it (the sitemap lists both).
 */
export function publishedAddresses(table: AddressTable) {
  const within = ({ from, before }: IdRange, after?: string) =>
    and(
      eq(table.status, 'published'),
      from === undefined ? undefined : gte(table.id, from),
      before === undefined ? undefined : lt(table.id, before),
      after === undefined ? undefined : gt(table.id, after),
    );
  return {
    /**
     * The id of the published row `skip` rows on from `from` (the first one at or after it when
     * `skip` is 0), in id order; undefined past the last. How a list is cut into parts of `skip`
     * rows: the walk reads index entries only up to that row.
     */
    async idAt(db: Executor, from: string | undefined, skip: number): Promise<string | undefined> {
      const [row] = await db
        .select({ id: table.id })
        .from(table)
        .where(within({ from }))
        .orderBy(asc(table.id))
        .offset(skip)
        .limit(1);
      return row?.id as string | undefined;
    },
    /** Up to `limit` published rows of `range` after the id `after` (from the start without it). */
    async batch(
      db: Executor,
      range: IdRange,
      after: string | undefined,
      limit: number,
    ): Promise<PublishedAddress[]> {
      const rows = await db
        .select({ id: table.id, handle: table.handle, updatedAt: table.updatedAt })
        .from(table)
        .where(within(range, after))
        .orderBy(asc(table.id))
        .limit(limit);
      return rows as PublishedAddress[];
    },
  };
}
export type PublishedAddresses = ReturnType<typeof publishedAddresses>;
