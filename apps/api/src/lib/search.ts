/**
 * A LIKE/ILIKE pattern matching `text` anywhere, with LIKE's own characters (`%`, `_` and the
 * escape `\`) searched for as themselves.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows of a 1-based page of `size`, for a query's LIMIT and OFFSET. */
export const pageWindow = (page: number, size: number) => ({
  limit: size,
  offset: (page - 1) * size,
});

/** The page fields of a paged answer (at least one page, even when empty). */
export const pageCounts = (page: number, total: number, size: number) => ({
  page,
  pages: Math.max(1, Math.ceil(total / size)),
  total,
});
