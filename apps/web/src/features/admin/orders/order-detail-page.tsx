import { Link, useParams } from 'react-router';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { useId, type ReactNode } from 'react';
import { toCents } from '@shop/shared/money';
import { PageHeader } from '../../../components/ui/page-header';
import { isNotFound } from '../../../lib/api-error';
import { useGetAdminOrderQuery } from '../api/admin-api';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { StatusBadge } from '../components/status-badge';
import { actorName, dollars, formatWhen } from '../format';
import { useIsOwner } from '../hooks/use-back-office-session';
import { CancelDialog } from './cancel-dialog';
import { DeliverDialog } from './deliver-dialog';
import { RefundDialog } from './refund-dialog';
import { remainingCents, variantLabel } from './refund-lines';
import { ShippingAddress } from '../../../components/shipping-address';
import { OrderDocumentLinks } from './order-documents-actions';
import { NoteForm } from './note-form';
import { Parcels } from './parcels';
import { ShipDialog } from './ship-dialog';
import { ShipItemsDialog } from './ship-items-dialog';

const OPEN = ['paid', 'partially_shipped', 'partially_refunded'] as const;
const isOpen = (order: AdminOrder) => (OPEN as readonly string[]).includes(order.status);
const unitsToShip = (order: AdminOrder) => order.unitsToShip.reduce((sum, qty) => sum + qty, 0);

/** Which actions the order's state allows (the API checks again; these only hide dead buttons). */
function availableActions(order: AdminOrder, isOwner: boolean) {
  const notShipped = order.shipments.length === 0;
  const shippedInFull =
    order.status === 'shipped' ||
    (order.status === 'partially_refunded' && unitsToShip(order) === 0);
  const canShip = isOpen(order) && unitsToShip(order) > 0;
  return {
    ship: canShip,
    shipItems: canShip,
    deliver: !order.isDelivered && !notShipped && shippedInFull,
    refund: isOwner && order.isPaid && remainingCents(order) > 0 && order.status !== 'cancelled',
    cancel: isOwner && isOpen(order) && notShipped,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** Cents of the order's refunds still waiting for the payment provider's answer. */
const pendingRefundCents = (order: AdminOrder) =>
  order.refunds
    .filter((refund) => refund.status === 'pending')
    .reduce((sum, refund) => sum + toCents(refund.amount), 0);

function Amounts({ order }: { order: AdminOrder }) {
  // The API's refunded amount counts pending refunds (they are held against what remains).
  const pendingCents = pendingRefundCents(order);
  const rows: [string, number][] = [
    ['Items', order.itemsPrice],
    ['Shipping', order.shippingPrice],
    ['Tax', order.taxPrice],
    ['Total', order.totalPrice],
    ['Refunded', (toCents(order.refundedPrice) - pendingCents) / 100],
  ];
  if (pendingCents > 0) rows.push(['Refund pending', pendingCents / 100]);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1.5">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className={label === 'Total' ? 'font-semibold' : 'text-ink-muted'}>{label}</dt>
          <dd className={`text-right tabular-nums ${label === 'Total' ? 'font-semibold' : ''}`}>
            {label.startsWith('Refund') && amount > 0 ? `−${dollars(amount)}` : dollars(amount)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OrderDetail({ order, isOwner }: { order: AdminOrder; isOwner: boolean }) {
  const actions = availableActions(order, isOwner);
  const address = order.shippingAddress;
  const anyAction = Object.values(actions).some(Boolean);
  return (
    <>
      <PageHeader title={`Order #${order.number}`}>
        <span className="flex flex-wrap items-center gap-3">
          <StatusBadge status={order.status} />
          <span>Placed {formatWhen(order.createdAt)}</span>
          <OrderDocumentLinks order={order} />
        </span>
      </PageHeader>
      {anyAction && (
        <div role="group" aria-label="Order actions" className="mb-6 flex flex-wrap gap-3">
          {actions.ship && <ShipDialog order={order} />}
          {actions.shipItems && <ShipItemsDialog order={order} />}
          {actions.deliver && <DeliverDialog order={order} />}
          {actions.refund && <RefundDialog order={order} />}
          {actions.cancel && <CancelDialog order={order} />}
        </div>
      )}
      <div className="grid gap-5 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-5">
          <AdminTable
            caption="Items"
            columns={['Item', 'Variant', 'Qty', 'Price', 'Line total']}
            rightAligned={['Qty', 'Price', 'Line total']}
          >
            {order.orderItems.map((line) => (
              <tr key={`${line.product}|${line.size}|${line.option}|${line.variantTitle}`}>
                <th scope="row" className={`${cellClass} font-semibold`}>
                  {line.name}
                </th>
                <td className={cellClass}>{variantLabel(line) || '—'}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{line.qty}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{dollars(line.price)}</td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {dollars(line.price * line.qty)}
                </td>
              </tr>
            ))}
          </AdminTable>
          <Section title="Timeline">
            {order.timeline.length === 0 ? (
              <p className="text-ink-muted">Nothing recorded yet.</p>
            ) : (
              <ol aria-label="Timeline" className="flex flex-col gap-3">
                {order.timeline.map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className="border-l-2 border-sand-300 pl-3">
                    <p className="text-ink-muted">
                      <time dateTime={entry.at}>{formatWhen(entry.at)}</time> ·{' '}
                      {actorName(entry.actor)}
                    </p>
                    <p className="break-words whitespace-pre-line">{entry.detail}</p>
                  </li>
                ))}
              </ol>
            )}
            <NoteForm order={order} />
          </Section>
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <Section title="Amounts">
            <Amounts order={order} />
          </Section>
          <Section title="Customer">
            <p className="font-semibold">{order.user.name}</p>
            <p className="break-all">{order.user.email}</p>
            <h3 className="mt-3 text-sm font-semibold text-ink-muted">Ship to</h3>
            <ShippingAddress address={address} />
            <p className="mt-3 text-ink-muted">
              {order.isPaid
                ? `Paid ${order.paidAt ? formatWhen(order.paidAt) : ''} by ${order.paymentMethod}`
                : 'Not paid'}
            </p>
          </Section>
          <Section title="Shipments">
            <Parcels order={order} />
            {order.isDelivered && order.deliveredAt && (
              <p className="mt-2">Delivered {formatWhen(order.deliveredAt)}</p>
            )}
          </Section>
          <Section title="Refunds">
            {order.refunds.length === 0 ? (
              <p className="text-ink-muted">No refunds.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {order.refunds.map((refund, index) => (
                  <li key={`${refund.at}-${index}`}>
                    <span className="font-semibold tabular-nums">{dollars(refund.amount)}</span> ·{' '}
                    {refund.reason}
                    {refund.status === 'pending' && (
                      <span className="mt-1 block w-fit rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Pending: not yet confirmed by the payment provider
                      </span>
                    )}
                    <span className="block text-ink-muted">
                      {formatWhen(refund.at)} · {actorName(refund.by)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </>
  );
}

/** /admin/orders/:id: the order, its history, and what can be done with it. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const isOwner = useIsOwner();
  const { data, isLoading, error, refetch } = useGetAdminOrderQuery(id);
  return (
    <>
      <Link
        to="/admin/orders"
        className="mb-4 inline-block text-sm font-semibold text-terracotta-700 underline underline-offset-4"
      >
        ← All orders
      </Link>
      {isNotFound(error) ? (
        <EmptyState title="Order not found">It may have been mistyped in the address.</EmptyState>
      ) : (
        <QueryState
          isLoading={isLoading}
          error={error}
          loadingLabel="Loading the order…"
          onRetry={refetch}
        >
          {data && <OrderDetail order={data} isOwner={isOwner} />}
        </QueryState>
      )}
    </>
  );
}
