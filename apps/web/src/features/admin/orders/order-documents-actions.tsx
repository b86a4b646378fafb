import { Link, useNavigate } from 'react-router';
import type { AdminOrder, AdminOrderExportQuery } from '@shop/shared/admin-orders';
import type { OrderDocumentKind } from '@shop/shared/order-documents';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-error';
import {
  useDownloadOrderDocumentsPdfMutation,
  useExportOrdersCsvMutation,
} from '../api/documents-api';
import { DownloadButton, type DownloadOutcome } from '../components/download-button';
import { datedFileName, saveBlob, saveCsv } from '../save-file';

/** The print page of some orders' packing slips or invoices. */
export const printPath = (kind: OrderDocumentKind, orderIds: readonly string[]) =>
  `/admin/orders/print?${new URLSearchParams({ kind, ids: orderIds.join(',') })}`;

/** Downloads the PDF of some orders' documents: 'invoices-2026-11-26.pdf', or one order's. */
export function useDownloadDocumentsPdf() {
  const [download] = useDownloadOrderDocumentsPdfMutation();
  return async (
    kind: OrderDocumentKind,
    orderIds: string[],
    oneNumber?: string,
  ): Promise<DownloadOutcome> => {
    const result = await download({ kind, orderIds });
    if ('error' in result) return { ok: false, message: errorMessage(result.error) };
    const fileName = oneNumber ? `${kind}-${oneNumber}.pdf` : datedFileName(`${kind}s`, 'pdf');
    saveBlob(result.data, fileName);
    return { ok: true, fileName };
  };
}

const NONE_CHOSEN = 'Choose one or more orders first (the boxes in the list).';

/** What the list does with its chosen orders, and the CSV of the filtered list. */
export function OrderListActions({
  selected,
  filters,
  onClear,
}: {
  selected: string[];
  filters: Partial<AdminOrderExportQuery>;
  onClear: () => void;
}) {
  const navigate = useNavigate();
  const downloadPdf = useDownloadDocumentsPdf();
  const [exportCsv] = useExportOrdersCsvMutation();
  const none = selected.length === 0;
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:flex-row sm:flex-wrap sm:items-start">
      <p className="text-sm font-semibold sm:basis-full" aria-live="polite">
        {none
          ? 'No orders chosen'
          : `${selected.length} ${selected.length === 1 ? 'order' : 'orders'} chosen`}
        {!none && (
          <Button variant="ghost" size="sm" className="ml-2" onClick={onClear}>
            Clear
          </Button>
        )}
      </p>
      <Button
        variant="secondary"
        className="self-start"
        aria-disabled={none || undefined}
        aria-describedby={none ? 'orders-none-chosen' : undefined}
        onClick={() => {
          if (!none) void navigate(printPath('packing-slip', selected));
        }}
      >
        Print packing slips
      </Button>
      <DownloadButton
        label="Download invoices"
        busyLabel="Preparing invoices…"
        unavailable={none ? NONE_CHOSEN : undefined}
        download={() => downloadPdf('invoice', selected)}
      />
      <div className="sm:ml-auto">
        <DownloadButton
          label="Export CSV"
          busyLabel="Exporting…"
          download={async () => {
            const result = await exportCsv(filters);
            if ('error' in result) return { ok: false, message: errorMessage(result.error) };
            const fileName = datedFileName('orders', 'csv');
            saveCsv(result.data, fileName);
            return { ok: true, fileName };
          }}
        />
      </div>
      <p id="orders-none-chosen" hidden>
        {NONE_CHOSEN}
      </p>
    </div>
  );
}

const linkClass =
  'text-sm font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800';

/** The order page's links to its packing slip and (once paid) its invoice. */
export function OrderDocumentLinks({ order }: { order: Pick<AdminOrder, '_id' | 'isPaid'> }) {
  return (
    <>
      <Link to={printPath('packing-slip', [order._id])} className={linkClass}>
        Packing slip
      </Link>
      {order.isPaid && (
        <Link to={printPath('invoice', [order._id])} className={linkClass}>
          Invoice
        </Link>
      )}
    </>
  );
}
