import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetAuditQuery } from '../api/admin-api';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass, wrappingCellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { actorName, formatWhen, pageFrom } from '../format';
import { useIsOwner } from '../hooks/use-back-office-session';
import { useListParams } from '../hooks/use-list-params';

function AuditLog() {
  const [params] = useSearchParams();
  const { hrefForPage } = useListParams();
  const page = pageFrom(params.get('page'));
  const { data, isLoading, error, refetch } = useGetAuditQuery(page);
  return (
    <QueryState
      isLoading={isLoading}
      error={error}
      loadingLabel="Loading the audit log…"
      onRetry={refetch}
    >
      {data && data.entries.length === 0 && <EmptyState title="Nothing recorded yet" />}
      {data && data.entries.length > 0 && (
        <AdminTable
          caption="Audit log, newest first"
          columns={['When', 'Who', 'Action', 'What', 'From']}
        >
          {data.entries.map((entry) => (
            <tr key={entry._id}>
              <th scope="row" className={`${cellClass} font-normal`}>
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              </th>
              <td className={cellClass}>{actorName(entry.actor)}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.action}</td>
              <td className={`${wrappingCellClass} min-w-64`}>{entry.summary}</td>
              <td className={`${cellClass} font-mono text-xs`}>{entry.clientAddress ?? '—'}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && <AdminPager paged={data} hrefFor={hrefForPage} label="Pages of the audit log" />}
    </QueryState>
  );
}

/** /admin/audit?page= (owner): every back-office write, newest first. */
export default function AuditPage() {
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader title="Audit log">Every change made in the back office, newest first.</PageHeader>
      {isOwner ? (
        <AuditLog />
      ) : (
        <Alert variant="info">Only the shop’s owner can read the audit log.</Alert>
      )}
    </>
  );
}
