/**
 * Shown inside the layout while the first page's code loads. Only a page the server did not render
 * (the back office, or a render that failed) gets here: a server-rendered page hydrates with its
 * code already loaded. At least a screen tall, so the footer is not in view: the page pushing it
 * down would be a layout shift.
 */
export function PageLoading() {
  return (
    <div className="min-h-dvh">
      <p role="status" className="sr-only">
        Loading…
      </p>
    </div>
  );
}
