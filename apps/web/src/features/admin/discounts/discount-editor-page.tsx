import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminDiscount } from '@shop/shared/admin-discounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage, isNotFound } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useCreateDiscountMutation,
  useDuplicateDiscountMutation,
  useGetAdminDiscountQuery,
  useSetDiscountActiveMutation,
  useUpdateDiscountMutation,
} from '../api/discounts-api';
import { EmptyState, QueryState } from '../components/query-state';
import { useIsOwner } from '../hooks/use-back-office-session';
import { BulkCodes } from './bulk-codes';
import { DiscountForm } from './discount-form';
import { discountAmountInWords } from './discount-format';
import { DiscountReportSection } from './discount-report';
import { DiscountStatusBadge } from './discount-status-badge';

const backLink = (
  <Link
    to="/admin/discounts"
    className="mb-4 inline-block text-sm font-semibold text-terracotta-700 underline underline-offset-4"
  >
    ← All discounts
  </Link>
);

type CreatedState = { created?: string } | null;

const pathOf = (id: string) => `/admin/discounts/${encodeURIComponent(id)}`;

/** Deactivate or Activate, and Duplicate: the owner's buttons beside Save. */
function DiscountActions({ discount }: { discount: AdminDiscount }) {
  const navigate = useNavigate();
  const [setActive, { isLoading: switching }] = useSetDiscountActiveMutation();
  const [duplicate, { isLoading: duplicating }] = useDuplicateDiscountMutation();
  return (
    <>
      <Button
        variant="secondary"
        aria-disabled={switching || undefined}
        onClick={async () => {
          if (switching) return;
          const result = await setActive({ id: discount._id, active: !discount.active });
          if ('error' in result) notify(errorMessage(result.error), 'error');
          else
            notify(
              `${result.data.title} ${result.data.active ? 'activated' : 'deactivated'}`,
              'success',
            );
        }}
      >
        {discount.active ? 'Deactivate' : 'Activate'}
      </Button>
      <Button
        variant="secondary"
        aria-disabled={duplicating || undefined}
        onClick={async () => {
          if (duplicating) return;
          const result = await duplicate(discount._id);
          if ('error' in result) {
            notify(errorMessage(result.error), 'error');
            return;
          }
          notify(`${result.data.title} created, inactive`, 'success');
          await navigate(pathOf(result.data._id), {
            state: { created: 'Copy made: it is inactive until you activate it' },
          });
        }}
      >
        {duplicating ? 'Duplicating…' : 'Duplicate'}
      </Button>
    </>
  );
}

function EditDiscount({ id }: { id: string }) {
  const isOwner = useIsOwner();
  const navigate = useNavigate();
  const { state, pathname } = useLocation();
  const created = (state as CreatedState)?.created ?? '';
  const { data, isLoading, error, refetch } = useGetAdminDiscountQuery(id, {
    // Its uses are counted by checkouts: asked again each time it is opened.
    refetchOnMountOrArgChange: true,
  });
  const [updateDiscount, { isLoading: saving }] = useUpdateDiscountMutation();

  const loaded = data !== undefined;
  // Sent here from a new discount or a copy: the focus goes to the heading naming it, once.
  useEffect(() => {
    if (!created || !loaded) return;
    const heading = document.querySelector<HTMLElement>('#main-content h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
    // Said once: a later form (after Activate) does not say it again.
    void navigate(pathname, { replace: true, state: null });
  }, [created, loaded, navigate, pathname]);

  if (isNotFound(error)) {
    return (
      <>
        {backLink}
        <EmptyState title="Discount not found">
          It may have been mistyped in the address.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {backLink}
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the discount…"
        onRetry={refetch}
      >
        {data && (
          <>
            <PageHeader title={data.title}>
              <span className="flex flex-wrap items-center gap-2">
                <DiscountStatusBadge status={data.status} />
                <span>{discountAmountInWords(data)}</span>
                {data.code && data.code !== data.title && (
                  <span className="font-mono text-sm">{data.code}</span>
                )}
              </span>
            </PageHeader>
            <div className="flex flex-col gap-6">
              <DiscountForm
                // A new form for another discount (a copy) and for the state the server answered.
                key={`${data._id}-${data.active}`}
                discount={data}
                readOnly={!isOwner}
                initialNotice={created}
                busy={saving}
                onSave={(discount) => updateDiscount({ id, discount })}
                actions={<DiscountActions discount={data} />}
              />
              {!data.automatic && <BulkCodes discount={data} isOwner={isOwner} />}
              <DiscountReportSection id={data._id} />
            </div>
          </>
        )}
      </QueryState>
    </>
  );
}

function NewDiscount() {
  const isOwner = useIsOwner();
  const navigate = useNavigate();
  const [createDiscount, { isLoading }] = useCreateDiscountMutation();
  return (
    <>
      {backLink}
      <PageHeader title="Create discount">
        A code shoppers type, a discount that applies by itself, or a batch of single-use codes.
      </PageHeader>
      {isOwner ? (
        <DiscountForm
          busy={isLoading}
          onSave={async (discount) => {
            const result = await createDiscount(discount);
            if ('data' in result && result.data) {
              notify(`${result.data.title} created`, 'success');
              await navigate(pathOf(result.data._id), {
                replace: true,
                state: { created: 'Discount created' },
              });
            }
            return result;
          }}
        />
      ) : (
        <Alert variant="info">Only the shop’s owner can create discounts.</Alert>
      )}
    </>
  );
}

/** /admin/discounts/new and /admin/discounts/:id */
export default function DiscountEditorPage() {
  const { id } = useParams();
  return id ? <EditDiscount id={id} /> : <NewDiscount />;
}
