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

/**
 * The `count` three-letter runs (a-z, 0-9) of a fragment that the fewest of `sample` (lower case)
 * contain, each once; none when the fragment has no more than `count`, or when a tenth of the
 * sample holds even the rarest. A trigram index read for these alone skips the fragment's common
 * runs: every text containing the fragment contains them, and the trigram index reads each run's
 * whole list of rows ('customer123' in a million e-mails that all start with 'customer': 46 ms
 * for its nine runs, 1 ms for 'r12' and '123').
 */
export function rarestRuns(fragment: string, sample: readonly string[], count = 2): string[] {
  const text = fragment.toLowerCase();
  const runs = new Set<string>();
  for (let at = 0; at + 3 <= text.length; at += 1) {
    const run = text.slice(at, at + 3);
    if (/^[a-z0-9]{3}$/.test(run)) runs.add(run);
  }
  if (runs.size <= count) return [];
  const ranked = [...runs]
    .map((run) => ({ run, holders: sample.filter((entry) => entry.includes(run)).length }))
    .sort((a, b) => a.holders - b.holders);
  // Where even the rarest is common, so are the rows it finds: checking them all costs more.
  if (ranked[0]!.holders * 10 > sample.length) return [];
  return ranked.slice(0, count).map(({ run }) => run);
}
