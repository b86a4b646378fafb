/** What the server renderer gives for one page (see the web app's entry-server.tsx). */
export type RenderedPage = { status: number; head: string; body: string; data: string };

/**
 * The built index.html cut where a rendered page goes: the page's own head tags (title,
 * description, canonical, ...) replace the generic title and description, and #root holds the
 * page followed by the data block the browser hydrates from.
 */
export function createHtmlDocument(template: string, serverDataId: string) {
  const html = template.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  const title = /<title>[^<]*<\/title>/.exec(html);
  const rootStart = html.indexOf('<div id="root">');
  const bodyEnd = html.lastIndexOf('</body>');
  if (!title || rootStart < title.index || bodyEnd < rootStart)
    throw new Error('index.html has no <title> or #root where the renderer expects them');
  const beforeHead = html.slice(0, title.index);
  const afterHead = html.slice(title.index + title[0].length, rootStart);
  const end = html.slice(bodyEnd);
  return (page: RenderedPage): string =>
    `${beforeHead}${page.head}${afterHead}<div id="root">${page.body}</div>\n` +
    `    <script type="application/json" id="${serverDataId}">${page.data}</script>\n  ${end}`;
}
