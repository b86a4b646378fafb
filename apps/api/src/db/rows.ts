import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * Helpers for the few hand-written statements on hot paths (decision 055): a data-modifying CTE
 * does in one round trip what drizzle's builder would send as two or more, so its rows are read
 * and written here as drizzle would read and write them.
 */

/** The rows of a `db.execute(sql…)` answer: both drivers (pg, PGlite) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A row of `table` as `returning *` answers it, mapped to its fields as drizzle's select maps it. */
export function rowOfTable<T extends Table>(
  table: T,
  raw: Record<string, unknown>,
): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([field, column]) => {
      const value = raw[column.name];
      return [
        field,
        value === null || value === undefined ? null : column.mapFromDriverValue(value),
      ];
    }),
  ) as T['$inferSelect'];
}

/**
 * `(column, …) values (…), (…)` of an insert into `table`: each field given in any row becomes a
 * column, its values encoded as drizzle encodes them (a row without it takes the default);
 * `computed` adds columns whose value is an expression (the id of a row inserted by the same
 * statement).
 */
export function insertValuesOf<T extends Table>(
  table: T,
  rows: readonly Partial<T['$inferInsert']>[],
  computed: Record<string, SQL> = {},
): SQL {
  const columns = getTableColumns(table);
  const fields = Object.keys(columns).filter((field) =>
    rows.some((row) => (row as Record<string, unknown>)[field] !== undefined),
  );
  const names = [...Object.keys(computed), ...fields.map((field) => columns[field]!.name)];
  const tuples = rows.map((row) => {
    const values = fields.map((field) => {
      const value = (row as Record<string, unknown>)[field];
      return value === undefined ? sql`default` : sql.param(value, columns[field]);
    });
    return sql`(${sql.join([...Object.values(computed), ...values], sql`, `)})`;
  });
  return sql`(${sql.raw(names.map((name) => `"${name}"`).join(', '))}) values ${sql.join(tuples, sql`, `)}`;
}
