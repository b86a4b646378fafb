import type { ReactNode } from 'react';

export const cellClass = 'px-3 py-3 whitespace-nowrap lg:px-4';
/** A cell whose text may wrap (names, notes, messages): give it a min-width too. */
export const wrappingCellClass = 'px-3 py-3 lg:px-4';
const headCellClass = `${cellClass} text-left font-semibold`;

/**
 * A plain semantic table: lists are paged on the server and never sorted in the browser, so no
 * table library. It scrolls inside its own frame on a phone; the page never scrolls sideways.
 */
export function AdminTable({
  caption,
  columns,
  rightAligned = [],
  leading,
  children,
}: {
  caption: string;
  columns: string[];
  /** The columns of amounts and counts. */
  rightAligned?: string[];
  /** A first header cell that is not a column name (the select-all box of a list with selection). */
  leading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      // Focusable so that keyboard users can scroll a table wider than the screen.
      tabIndex={0}
      role="region"
      aria-label={caption}
      // On a phone a wide table scrolls in here, its shadows showing there is more to the side.
      className="scroll-shadows max-w-full overflow-x-auto rounded-2xl border border-sand-200"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-sand-200 text-xs tracking-wider text-ink-muted uppercase">
          <tr>
            {leading && <td className={cellClass}>{leading}</td>}
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`${headCellClass} ${rightAligned.includes(column) ? 'text-right' : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">{children}</tbody>
      </table>
    </div>
  );
}
