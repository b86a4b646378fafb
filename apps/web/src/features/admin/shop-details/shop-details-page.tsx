import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { shopDetailsSchema, type ShopDetails } from '@shop/shared/order-documents';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useGetShopDetailsQuery, useSaveShopDetailsMutation } from '../api/documents-api';
import { QueryState } from '../components/query-state';
import { useIsOwner } from '../hooks/use-back-office-session';

/** The owner's form; staff see the same fields, read only. */
function ShopDetailsForm({ saved, canEdit }: { saved: ShopDetails; canEdit: boolean }) {
  const id = useId();
  const [fields, setFields] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveShopDetailsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || !canEdit) return;
    const parsed = shopDetailsSchema.safeParse(fields);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check');
    const result = await save(parsed.data);
    if ('error' in result) return setProblem(errorMessage(result.error));
    setProblem(null);
    notify('Shop details saved', 'success');
  };

  const addressId = `${id}-address`;
  const addressHint = 'As it goes on packing slips and invoices, one line per line.';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Shop details"
      className="flex max-w-xl flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <TextField
        id={`${id}-name`}
        label="Shop name"
        autoComplete="organization"
        readOnly={!canEdit}
        value={fields.name}
        onChange={(event) => setFields({ ...fields, name: event.target.value })}
      />
      <Field id={addressId} label="Address" hint={addressHint}>
        <textarea
          id={addressId}
          rows={4}
          autoComplete="street-address"
          readOnly={!canEdit}
          value={fields.address}
          onChange={(event) => setFields({ ...fields, address: event.target.value })}
          aria-describedby={fieldDescription(addressId, { hint: addressHint })}
          className={fieldInputClass}
        />
      </Field>
      {problem && <Alert variant="danger">{problem}</Alert>}
      {canEdit ? (
        <Button type="submit" className="self-start" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
      ) : (
        <p className="text-sm text-ink-muted">Only the owner changes the shop’s details.</p>
      )}
    </form>
  );
}

/** /admin/shop-details: the name and address printed on packing slips and invoices. */
export default function ShopDetailsPage() {
  const { data, isLoading, error, refetch } = useGetShopDetailsQuery();
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader title="Shop details">
        The shop’s name and postal address, printed on packing slips and invoices.
      </PageHeader>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the shop details…"
        onRetry={refetch}
      >
        {data && (
          <ShopDetailsForm key={`${data.name}\n${data.address}`} saved={data} canEdit={isOwner} />
        )}
      </QueryState>
    </>
  );
}
