/** The rows of a `db.execute(sql…)` answer: both drivers (pg, PGlite) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
