import type { ReactNode } from 'react';
import type { SearchReport } from '@shop/shared/search-report';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetSearchReportQuery } from '../api/search-api';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';

const cardClass = 'flex flex-col rounded-2xl border border-sand-200 bg-white p-5';
const countClass = `${cellClass} text-right tabular-nums`;
// A query may be long: it wraps in its cell instead of widening the table past the screen.
const queryClass = `${wrappingCellClass} min-w-40 text-left font-normal break-words`;

/** '2026-11-26' as 'Nov 26, 2026' (a calendar day of the shop: no time zone to convert). */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

const share = (part: number, whole: number) =>
  whole ? `${Math.round((part / whole) * 100)}% of searches` : '';

function Totals({ totals }: { totals: SearchReport['totals'] }) {
  const cards = [
    { label: 'Searches', value: totals.searches, note: 'in the last 30 days' },
    {
      label: 'No results',
      value: totals.noResults,
      note: share(totals.noResults, totals.searches),
    },
    {
      label: 'Led to a product',
      value: totals.ledToView,
      note: share(totals.ledToView, totals.searches),
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Totals">
      {cards.map((card) => (
        <li key={card.label} className={cardClass}>
          <h2 className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
            {card.label}
          </h2>
          <p className="mt-2 text-3xl font-semibold tabular-nums">{card.value}</p>
          <p className="text-sm text-ink-muted">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}

function ReportSection(props: { id: string; title: string; note: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-4">
      <div>
        <h2 id={props.id} className="text-2xl font-semibold">
          {props.title}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{props.note}</p>
      </div>
      {props.children}
    </section>
  );
}

/** A table of queries, each a row headed by its words, with the counts named in `counts`. */
function QueryTable<Row extends { query: string }>(props: {
  caption: string;
  rows: readonly Row[];
  counts: readonly (readonly [label: string, count: (row: Row) => number])[];
}) {
  const labels = props.counts.map(([label]) => label);
  return (
    <AdminTable caption={props.caption} columns={['Search', ...labels]} rightAligned={labels}>
      {props.rows.map((row) => (
        <tr key={row.query}>
          <th scope="row" className={queryClass}>
            {row.query}
          </th>
          {props.counts.map(([label, count]) => (
            <td key={label} className={countClass}>
              {count(row)}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}

function TopSearches({ rows }: { rows: SearchReport['topQueries'] }) {
  return (
    <ReportSection
      id="top-searches"
      title="Top searches"
      note="Results: what the latest search found. Led to a product: searches followed by a product page within 30 minutes."
    >
      <QueryTable
        caption="Top searches"
        rows={rows}
        counts={[
          ['Searches', (row) => row.searches],
          ['Results', (row) => row.results],
          ['Led to a product', (row) => row.productViews],
        ]}
      />
    </ReportSection>
  );
}

function NoResults({ rows }: { rows: SearchReport['noResults'] }) {
  return (
    <ReportSection
      id="no-results"
      title="Searches with no results"
      note="Their latest search found nothing: a synonym, a product's words or a new product may help."
    >
      {rows.length === 0 ? (
        <EmptyState title="Every search found something" />
      ) : (
        <QueryTable
          caption="Searches with no results"
          rows={rows}
          counts={[['Searches', (row) => row.searches]]}
        />
      )}
    </ReportSection>
  );
}

/** /admin/search/report: what shoppers searched for in the last 30 days (decision 056). */
export default function SearchesPage() {
  const { data, isLoading, error, refetch } = useGetSearchReportQuery();
  return (
    <>
      <PageHeader title="Searches">
        What shoppers searched for in the shop in the last 30 days
        {data ? ` (${formatDay(data.from)} to ${formatDay(data.to)})` : ''}. Only the words and
        counts are kept, nothing of who searched.
      </PageHeader>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the searches…"
        onRetry={refetch}
      >
        {data &&
          (data.totals.searches === 0 ? (
            <EmptyState title="No searches in the last 30 days">
              Searches made in the shop’s search box show here a few seconds later.
            </EmptyState>
          ) : (
            <div className="flex flex-col gap-10">
              <Totals totals={data.totals} />
              <TopSearches rows={data.topQueries} />
              <NoResults rows={data.noResults} />
            </div>
          ))}
      </QueryState>
    </>
  );
}
