/** One place of a pager: a page's link, or a run of two or more pages left out (an ellipsis). */
export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

const pageItem = (page: number): PagerItem => ({ kind: 'page', page });

/**
 * The pages a pager shows (decision 051): the first, the last, and `around` pages on each side of
 * the current one, with an ellipsis for each run left out; never a link per page. Once there are
 * more pages than places (2 × around + 5), it always shows that many places, so it does not move
 * under the pointer while one pages through: near an end the middle run stops short of it, and a
 * run of one left-out page shows that page (it takes the ellipsis's place). A current page out of
 * 1…pages (past the end) is drawn as the nearest end.
 */
export function pagerWindow(page: number, pages: number, around = 1): PagerItem[] {
  const count = Math.max(0, Math.floor(pages));
  const width = 2 * around + 1;
  if (count <= width + 4) return Array.from({ length: count }, (_, i) => pageItem(i + 1));
  const current = Math.min(Math.max(Math.floor(page), 1), count);
  // The middle run, kept clear of the first two and the last two places.
  const start = Math.min(Math.max(current - around, 3), count - 1 - width);
  const end = start + width - 1;
  const middle = Array.from({ length: width }, (_, i) => pageItem(start + i));
  return [
    pageItem(1),
    start === 3 ? pageItem(2) : { kind: 'gap', after: 1 },
    ...middle,
    end === count - 2 ? pageItem(count - 1) : { kind: 'gap', after: end },
    pageItem(count),
  ];
}
