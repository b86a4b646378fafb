import { createContext, useContext } from 'react';

/** The server renderer's note of the page's HTTP status (200 unless a page says otherwise). */
export type HttpStatusNote = { status: number };

/** Given by the server renderer only; in the browser there is no status to set. */
export const HttpStatusContext = createContext<HttpStatusNote | null>(null);

/**
 * A page that is not there (an unknown route or product, a page past the end of a listing) still
 * renders a helpful page, and on the server answers with `status` instead of 200.
 */
export function useHttpStatus(status: number, when = true): void {
  const note = useContext(HttpStatusContext);
  if (note && when) note.status = status;
}
