import { Link, useSearchParams } from 'react-router';
import {
  ORDER_DOCUMENT_TITLES,
  addressLines,
  orderDocumentsRequestSchema,
  type OrderDocument,
  type OrderDocumentsResponse,
} from '@shop/shared/order-documents';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-styles';
import { PageHeader } from '../../../components/ui/page-header';
import { useGetOrderDocumentsQuery } from '../api/documents-api';
import { DownloadButton } from '../components/download-button';
import { QueryState } from '../components/query-state';
import { dollars, formatWhen } from '../format';
import { useDownloadDocumentsPdf } from './order-documents-actions';

const headCell = 'border-b-2 border-ink py-2 pr-3 text-left text-xs font-semibold uppercase';
const bodyCell = 'border-b border-sand-200 py-2 pr-3 align-top';

/** One order's packing slip or invoice: a printed page of its own. */
function DocumentSheet({
  shop,
  kind,
  document,
}: {
  shop: OrderDocumentsResponse['shop'];
  kind: OrderDocumentsResponse['kind'];
  document: OrderDocument;
}) {
  const invoice = document.invoice;
  const title = ORDER_DOCUMENT_TITLES[kind];
  return (
    <article
      aria-labelledby={`document-${document.orderId}`}
      className="order-document mb-8 rounded-2xl border border-sand-200 bg-white p-6 text-ink print:mb-0 print:rounded-none print:border-0 print:p-0 sm:p-10"
    >
      <div className="flex flex-col gap-6 sm:flex-row sm:justify-between print:flex-row print:justify-between">
        <div>
          <p className="font-display text-2xl font-semibold">{shop.name}</p>
          {addressLines(shop.address).map((line) => (
            <p key={line} className="text-sm">
              {line}
            </p>
          ))}
        </div>
        <div className="sm:text-right print:text-right">
          <h2 id={`document-${document.orderId}`} className="text-2xl font-semibold">
            {invoice ? `${title} ${invoice.number}` : title}
          </h2>
          <p className="font-mono font-semibold">Order #{document.number}</p>
          <p className="text-sm">Ordered {formatWhen(document.orderedAt, false)}</p>
          {invoice && (
            <>
              <p className="text-sm">Invoice date {formatWhen(invoice.issuedAt, false)}</p>
              <p className="text-sm">
                Paid {formatWhen(invoice.paidAt, false)} · {invoice.payment}
              </p>
            </>
          )}
        </div>
      </div>

      <section aria-label={invoice ? 'Bill and ship to' : 'Ship to'} className="mt-8">
        <h3 className="text-xs font-semibold tracking-wider uppercase">
          {invoice ? 'Bill and ship to' : 'Ship to'}
        </h3>
        <p className="mt-1 font-semibold">{document.recipient.name}</p>
        {document.recipient.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {invoice && <p className="text-sm">{document.email}</p>}
      </section>

      <div className="mt-8 max-w-full overflow-x-auto print:overflow-visible">
        <table className="w-full text-sm">
          <caption className="sr-only">Items of order #{document.number}</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Item
              </th>
              <th scope="col" className={headCell}>
                Variant
              </th>
              <th scope="col" className={headCell}>
                SKU
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                Qty
              </th>
              {invoice && (
                <>
                  <th scope="col" className={`${headCell} text-right`}>
                    Price
                  </th>
                  <th scope="col" className={`${headCell} text-right`}>
                    Total
                  </th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              <tr key={`${line.name}-${line.variantTitle}-${index}`}>
                <td className={bodyCell}>{line.name}</td>
                <td className={bodyCell}>{line.variantTitle || '—'}</td>
                <td className={`${bodyCell} font-mono`}>{line.sku ?? '—'}</td>
                <td className={`${bodyCell} text-right tabular-nums`}>{line.qty}</td>
                {invoice && (
                  <>
                    <td className={`${bodyCell} text-right tabular-nums`}>{dollars(line.price)}</td>
                    <td className={`${bodyCell} text-right tabular-nums`}>{dollars(line.total)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {invoice && (
        <dl className="mt-6 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm">
          <dt>Items</dt>
          <dd className="text-right tabular-nums">{dollars(invoice.itemsPrice)}</dd>
          {invoice.discount && (
            <>
              <dt>Discount ({invoice.discount.title})</dt>
              <dd className="text-right tabular-nums">-{dollars(invoice.discount.price)}</dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right tabular-nums">{dollars(invoice.shippingPrice)}</dd>
          <dt>Tax</dt>
          <dd className="text-right tabular-nums">{dollars(invoice.taxPrice)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{dollars(invoice.totalPrice)}</dd>
          {invoice.refundedPrice > 0 && (
            <>
              <dt>Refunded</dt>
              <dd className="text-right tabular-nums">-{dollars(invoice.refundedPrice)}</dd>
            </>
          )}
        </dl>
      )}
    </article>
  );
}

/**
 * /admin/orders/print?kind=packing-slip|invoice&ids=…: the chosen orders' documents, one printed
 * page each (print CSS in index.css hides the shop's frame and fits A4 and Letter alike).
 */
export default function PrintPage() {
  const [params] = useSearchParams();
  const request = orderDocumentsRequestSchema.safeParse({
    kind: params.get('kind') ?? '',
    orderIds: (params.get('ids') ?? '').split(',').filter(Boolean),
  });
  const { data, isLoading, error, refetch } = useGetOrderDocumentsQuery(
    request.success ? request.data : { kind: 'packing-slip', orderIds: [] },
    { skip: !request.success },
  );
  const downloadPdf = useDownloadDocumentsPdf();
  const kind = request.success ? request.data.kind : 'packing-slip';
  const count = request.success ? request.data.orderIds.length : 0;
  const title = `${ORDER_DOCUMENT_TITLES[kind]}${count === 1 ? '' : 's'}`;

  return (
    <div data-print-documents="">
      <div className="print:hidden">
        <PageHeader title={title}>
          {count === 1 ? 'One order' : `${count} orders`}, one page each when printed.
        </PageHeader>
        <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-start">
          <Button onClick={() => window.print()} aria-disabled={!data || undefined}>
            Print
          </Button>
          {request.success && (
            <DownloadButton
              label="Download PDF"
              busyLabel="Preparing the PDF…"
              download={() =>
                downloadPdf(
                  kind,
                  request.data.orderIds,
                  data?.documents.length === 1 ? data.documents[0]?.number : undefined,
                )
              }
            />
          )}
          <Link to="/admin/orders" className={buttonClass('ghost')}>
            Back to orders
          </Link>
        </div>
      </div>
      {!request.success && (
        <Alert variant="danger">
          {request.error.issues[0]?.message ?? 'These documents cannot be shown.'}
        </Alert>
      )}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Preparing the documents…"
        onRetry={refetch}
      >
        {data?.documents.map((document) => (
          <DocumentSheet
            key={document.orderId}
            shop={data.shop}
            kind={data.kind}
            document={document}
          />
        ))}
      </QueryState>
    </div>
  );
}
