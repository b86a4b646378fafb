import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { handleFromName } from '@shop/shared/admin-catalog';
import { collectionWriteSchema } from '@shop/shared/admin-collections';
import type { AdminCollection, CollectionWrite } from '@shop/shared/admin-collections';
import {
  COLLECTION_MESSAGES,
  COLLECTION_STATUSES,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
} from '@shop/shared/collections';
import type { CollectionStatus } from '@shop/shared/collections';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { HandleField } from '../components/handle-field';
import { issueFieldErrors, serverFieldErrors } from '../form-errors';
import { PRODUCT_STATUS_LABELS } from '../catalog-format';

type Fields = {
  name: string;
  handle: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  status: CollectionStatus;
  showInMenu: boolean;
  menuPosition: string;
};
type FieldName = keyof Fields;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = [
  'name',
  'handle',
  'status',
  'showInMenu',
  'menuPosition',
  'description',
  'seoTitle',
  'seoDescription',
];

const STATUS_HINTS: Record<CollectionStatus, string> = {
  published: 'Shoppers see it at its address (and in the menu, if shown there).',
  draft: 'Only the back office sees it.',
};

function fieldsOf(collection: AdminCollection | undefined): Fields {
  return {
    name: collection?.name ?? '',
    handle: collection?.handle ?? '',
    description: collection?.description ?? '',
    seoTitle: collection?.seoTitle ?? '',
    seoDescription: collection?.seoDescription ?? '',
    status: collection?.status ?? 'draft',
    showInMenu: collection?.showInMenu ?? false,
    menuPosition: String(collection?.menuPosition ?? 0),
  };
}

function fieldOf(path: string | undefined, message: string): FieldName | null {
  if (message === COLLECTION_MESSAGES.handleTaken) return 'handle';
  const name = path?.split('.').at(-1);
  return FIELD_ORDER.find((field) => field === name) ?? null;
}

type CollectionFormProps = {
  collection?: AdminCollection;
  initialNotice?: string;
  onSave: (write: CollectionWrite) => Promise<{ data: AdminCollection } | { error: unknown }>;
  busy: boolean;
};

/** A collection's fields, checked here with the API's own schema, then by the API. */
export function CollectionForm({
  collection,
  initialNotice = '',
  onSave,
  busy,
}: CollectionFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(collection));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState(initialNotice);
  const generatedHandle = fields.name.trim() ? handleFromName(fields.name) : '';
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const errorOf = (name: FieldName) => errors[name];

  const set = <K extends FieldName>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setNotice('');
  };

  const showErrors = (found: FieldErrors, top: string | null) => {
    setErrors(found);
    setProblem(top);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const position = fields.menuPosition.trim();
    const parsed = collectionWriteSchema.safeParse({
      name: fields.name,
      handle: fields.handle.trim() || undefined,
      description: fields.description,
      seoTitle: fields.seoTitle,
      seoDescription: fields.seoDescription,
      status: fields.status,
      showInMenu: fields.showInMenu,
      menuPosition: position === '' ? 0 : Number(position),
    });
    if (!parsed.success) {
      const found = issueFieldErrors(parsed.error.issues, fieldOf);
      showErrors(found, Object.keys(found).length ? null : 'Please check the fields');
      return;
    }
    const result = await onSave(parsed.data);
    if ('error' in result) {
      const { fields: found, top } = serverFieldErrors(result.error, fieldOf);
      showErrors(found, top);
      return;
    }
    setFields(fieldsOf(result.data));
    setErrors({});
    setProblem(null);
    setNotice('Saved');
  };

  const textArea = (name: 'description', label: string, hint: string) => (
    <Field id={fieldId(name)} label={label} hint={hint} error={errorOf(name)}>
      <textarea
        id={fieldId(name)}
        rows={5}
        value={fields[name]}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={fieldDescription(fieldId(name), { hint, error: errorOf(name) })}
        className={`${fieldInputClass} h-auto py-2`}
      />
    </Field>
  );

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="Collection details"
      className="flex flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 className="text-xl font-semibold">Details</h2>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          id={fieldId('name')}
          label="Name"
          value={fields.name}
          onChange={(event) => set('name', event.target.value)}
          error={errorOf('name')}
          maxLength={120}
          autoComplete="off"
        />
        <HandleField
          id={fieldId('handle')}
          value={fields.handle}
          onChange={(value) => set('handle', value)}
          error={errorOf('handle')}
          generatedHandle={generatedHandle}
          filledHint={`Its address in the shop: /collections/${fields.handle.trim()}`}
        />
        <Field
          id={fieldId('status')}
          label="Status"
          hint={STATUS_HINTS[fields.status]}
          error={errorOf('status')}
        >
          <select
            id={fieldId('status')}
            value={fields.status}
            onChange={(event) => set('status', event.target.value as CollectionStatus)}
            aria-describedby={fieldDescription(fieldId('status'), {
              hint: STATUS_HINTS[fields.status],
              error: errorOf('status'),
            })}
            className={fieldInputClass}
          >
            {COLLECTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PRODUCT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-col gap-3">
          <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-semibold">
            <input
              id={fieldId('showInMenu')}
              type="checkbox"
              checked={fields.showInMenu}
              onChange={(event) => set('showInMenu', event.target.checked)}
              className="size-4 accent-terracotta-700"
            />
            Show in the shop’s header menu
          </label>
          <TextField
            id={fieldId('menuPosition')}
            label="Menu position"
            hint="Lower comes first in the menu (0 to 999)."
            inputMode="numeric"
            autoComplete="off"
            value={fields.menuPosition}
            onChange={(event) => set('menuPosition', event.target.value)}
            error={errorOf('menuPosition')}
          />
        </div>
      </div>
      {textArea(
        'description',
        'Description',
        'Plain text shown under the name; a blank line starts a new paragraph.',
      )}
      <fieldset className="flex flex-col gap-5 rounded-xl border border-sand-200 p-4">
        <legend className="px-1 text-sm font-semibold">Search engines</legend>
        <TextField
          id={fieldId('seoTitle')}
          label="SEO title (optional)"
          hint={`The page’s title in search results; the name when empty. At most ${MAX_SEO_TITLE_LENGTH} characters.`}
          value={fields.seoTitle}
          onChange={(event) => set('seoTitle', event.target.value)}
          error={errorOf('seoTitle')}
          autoComplete="off"
        />
        <TextField
          id={fieldId('seoDescription')}
          label="SEO description (optional)"
          hint={`The text under the title in search results; the description when empty. At most ${MAX_SEO_DESCRIPTION_LENGTH} characters.`}
          value={fields.seoDescription}
          onChange={(event) => set('seoDescription', event.target.value)}
          error={errorOf('seoDescription')}
          autoComplete="off"
        />
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : collection ? 'Save changes' : 'Create collection'}
        </Button>
        <p role="status" className="text-sm font-semibold text-success">
          {notice}
        </p>
      </div>
    </form>
  );
}
