import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { NOTE_MAX, customerNoteRequestSchema } from '@shop/shared/admin-customers';
import type { CustomerDetail } from '@shop/shared/admin-customers';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldInputClass } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAddCustomerNoteMutation, useGetCustomerQuery } from '../api/customers-api';
import { AdminPager } from '../components/admin-pager';
import { AdminTable, cellClass } from '../components/admin-table';
import { EmptyState, QueryState } from '../components/query-state';
import { OrderNumberCell } from '../components/order-number-cell';
import { StatusBadge } from '../components/status-badge';
import { dollars, formatWhen, pageFrom } from '../format';
import { useListParams } from '../hooks/use-list-params';

const sectionClass = 'mb-8 rounded-2xl border border-sand-200 bg-white p-5';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wider text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 break-words">{children}</dd>
    </div>
  );
}

function Facts({ customer }: { customer: CustomerDetail }) {
  const when = (iso: string | null) => (iso ? formatWhen(iso, false) : 'No orders yet');
  return (
    <section aria-labelledby="customer-facts" className={sectionClass}>
      <h2 id="customer-facts" className="sr-only">
        About this customer
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="E-mail">{customer.email}</Fact>
        <Fact label="Phone">{customer.phone ?? 'Not given'}</Fact>
        <Fact label="Customer">
          {customer.guest
            ? 'Guest (no account)'
            : `Registered ${formatWhen(customer.registeredAt ?? '', false)}${customer.verified ? '' : ', e-mail not verified'}`}
        </Fact>
        <Fact label="Total spent">
          {dollars(customer.totalSpent)} in {customer.ordersCount} paid order
          {customer.ordersCount === 1 ? '' : 's'}
        </Fact>
        <Fact label="First order">{when(customer.firstOrderAt)}</Fact>
        <Fact label="Last order">{when(customer.lastOrderAt)}</Fact>
      </dl>
    </section>
  );
}

function Orders({ customer }: { customer: CustomerDetail }) {
  const { hrefForPage } = useListParams();
  const { orders } = customer;
  return (
    <section aria-labelledby="customer-orders" className="mb-8">
      <h2 id="customer-orders" className="mb-3 text-xl font-semibold">
        Orders
      </h2>
      {orders.total === 0 ? (
        <EmptyState title="No orders">Their orders will be listed here.</EmptyState>
      ) : (
        <>
          <AdminTable
            caption="Their orders, newest first"
            columns={['Order', 'Date', 'Status', 'Total']}
            rightAligned={['Total']}
          >
            {orders.orders.map((order) => (
              <tr key={order._id} className="hover:bg-sand-50">
                <OrderNumberCell order={order} />
                <td className={cellClass}>{formatWhen(order.createdAt)}</td>
                <td className={cellClass}>
                  <StatusBadge status={order.status} />
                </td>
                <td className={`${cellClass} text-right tabular-nums`}>
                  {dollars(order.totalPrice)}
                </td>
              </tr>
            ))}
          </AdminTable>
          <AdminPager paged={orders} hrefFor={hrefForPage} label="Pages of their orders" />
        </>
      )}
    </section>
  );
}

function Addresses({ customer }: { customer: CustomerDetail }) {
  return (
    <section aria-labelledby="customer-addresses" className={sectionClass}>
      <h2 id="customer-addresses" className="mb-3 text-xl font-semibold">
        Addresses used
      </h2>
      {customer.addresses.length === 0 ? (
        <p className="text-ink-muted">None yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {customer.addresses.map((a) => (
            <li
              key={[a.fullName, a.phone, a.address, a.city, a.state, a.postalCode, a.country].join(
                '|',
              )}
              className="rounded-xl bg-sand-50 p-3 break-words"
            >
              {a.fullName && (
                <>
                  {a.fullName}
                  <br />
                </>
              )}
              {a.address}
              <br />
              {a.city}, {a.state} {a.postalCode}
              <br />
              {a.country}
              {a.phone && (
                <>
                  <br />
                  {a.phone}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notes({ customer }: { customer: CustomerDetail }) {
  const id = useId();
  const [addNote, { isLoading }] = useAddCustomerNoteMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = customerNoteRequestSchema.safeParse({ text });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check');
    const result = await addNote({ id: customer._id, ...parsed.data });
    if ('error' in result) return setProblem(errorMessage(result.error));
    setProblem(null);
    setText('');
    notify('Note added', 'success');
  };

  return (
    <section aria-labelledby="customer-notes" className={sectionClass}>
      <h2 id="customer-notes" className="text-xl font-semibold">
        Internal notes
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Only staff see them. The customer gets them with a copy of their data.
      </p>
      <form noValidate onSubmit={submit} aria-label="Add a note" className="mt-4">
        <Field id={id} label="New note">
          <textarea
            id={id}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem) setProblem(null);
            }}
            maxLength={NOTE_MAX}
            rows={3}
            className={fieldInputClass}
          />
        </Field>
        {problem && (
          <Alert variant="danger" className="mt-3">
            {problem}
          </Alert>
        )}
        <Button type="submit" className="mt-3" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Saving…' : 'Add note'}
        </Button>
      </form>
      {customer.notes.length > 0 && (
        <ul className="mt-6 divide-y divide-sand-200" aria-label="Notes, newest first">
          {customer.notes.map((note) => (
            <li key={note._id} className="py-3">
              <p className="break-words whitespace-pre-line">{note.text}</p>
              <p className="mt-1 text-sm text-ink-muted">
                {note.by}, {formatWhen(note.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/customers/:id?page=: one customer (an account, or a guest by e-mail). */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, isLoading, error, refetch } = useGetCustomerQuery({ id, page });

  return (
    <>
      <p className="mb-4">
        <Link
          to="/admin/customers"
          className="text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
        >
          ← Customers
        </Link>
      </p>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the customer…"
        onRetry={refetch}
      >
        {data && (
          <>
            <PageHeader
              eyebrow={data.guest ? 'Guest customer' : 'Registered customer'}
              title={data.name || data.email}
            />
            <Facts customer={data} />
            <Orders customer={data} />
            <Addresses customer={data} />
            <Notes customer={data} />
          </>
        )}
      </QueryState>
    </>
  );
}
