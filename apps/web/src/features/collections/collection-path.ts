/** The address of a collection's page n (page 1 has none of its own). */
export const collectionPath = (handle: string, page = 1) =>
  `/collections/${encodeURIComponent(handle)}${page > 1 ? `/page/${page}` : ''}`;

/** The paragraphs of a plain-text description: blank lines part them. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** The page's own title: the SEO title where the owner gave one (the server's <title> too). */
export function collectionTitle(
  collection: { name: string; seoTitle: string },
  pageNumber: number,
): string {
  const title = collection.seoTitle || collection.name;
  return pageNumber > 1 ? `${title}, page ${pageNumber}` : title;
}
