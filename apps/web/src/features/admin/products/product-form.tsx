import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  ADMIN_CATALOG_MESSAGES,
  PRODUCT_STATUSES,
  handleFromName,
  productWriteSchema,
} from '@shop/shared/admin-catalog';
import type { AdminProduct, ProductStatus, ProductWrite } from '@shop/shared/admin-catalog';
import { CATEGORIES } from '@shop/shared/catalog';
import type { Category } from '@shop/shared/catalog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { HandleField } from '../components/handle-field';
import { issueFieldErrors, serverFieldErrors } from '../form-errors';
import { CATEGORY_LABELS, PRODUCT_STATUS_HINTS, PRODUCT_STATUS_LABELS } from '../catalog-format';
import { DescriptionEditor } from './description-editor';
import { SeoListing } from './seo-listing';

type Shape = 'plain' | 'sizes' | 'options';
const SHAPES = [
  { value: 'plain', label: 'No sizes or options' },
  { value: 'sizes', label: 'Sizes', hint: 'S/M, L, XL' },
  { value: 'options', label: 'Options A and B' },
] as const;

type Fields = {
  name: string;
  handle: string;
  category: Category | '';
  price: string;
  status: ProductStatus;
  shape: Shape;
  description: string;
  seoTitle: string;
  seoDescription: string;
};
type FieldName = keyof Fields;
type FieldErrors = Partial<Record<FieldName, string>>;

/** The order errors are looked for in, to focus the first one. */
const FIELD_ORDER: FieldName[] = [
  'name',
  'handle',
  'category',
  'price',
  'status',
  'shape',
  'description',
  'seoTitle',
  'seoDescription',
];

function fieldsOf(product: AdminProduct | undefined): Fields {
  if (!product) {
    return {
      name: '',
      handle: '',
      category: '',
      price: '',
      status: 'draft',
      shape: 'plain',
      description: '',
      seoTitle: '',
      seoDescription: '',
    };
  }
  return {
    name: product.name,
    handle: product.handle,
    category: product.category,
    price: product.price.toFixed(2),
    status: product.status,
    shape: product.hasAandB ? 'options' : product.hasSize ? 'sizes' : 'plain',
    description: product.description,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
  };
}

/** The field an error is about: a zod issue's path, the API's `errors[].path`, or its message. */
function fieldOf(path: string | undefined, message: string): FieldName | null {
  if (message === ADMIN_CATALOG_MESSAGES.handleTaken) return 'handle';
  if (message === ADMIN_CATALOG_MESSAGES.shapeChangeWithStock) return 'shape';
  const name = path?.split('.').at(-1);
  if (name === 'hasSize' || name === 'hasAandB') return 'shape';
  return FIELD_ORDER.find((field) => field === name) ?? null;
}

type ProductFormProps = {
  /** The product being edited; none for a new one. */
  product?: AdminProduct;
  /** Says what was saved ('Saved') once the product is written. */
  initialNotice?: string;
  /** Saves; answers the product as stored, or the failure (an RTK Query error). */
  onSave: (product: ProductWrite) => Promise<{ data: AdminProduct } | { error: unknown }>;
  busy: boolean;
};

/** The fields as the API takes them, checked with its own schema: the data, or each field's error. */
function checkFields(fields: Fields) {
  const candidate = {
    name: fields.name,
    description: fields.description,
    price: fields.price.trim() === '' ? Number.NaN : Number(fields.price),
    category: fields.category,
    hasSize: fields.shape === 'sizes',
    hasAandB: fields.shape === 'options',
    handle: fields.handle.trim() || undefined,
    status: fields.status,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
  };
  const parsed = productWriteSchema.safeParse(candidate);
  if (parsed.success) return parsed;
  const errors: FieldErrors = issueFieldErrors(parsed.error.issues, fieldOf);
  if (!fields.category) errors.category = 'Please choose a category';
  return { success: false as const, errors };
}

/** The product's fields, checked here with the API's own schema, then by the API. */
export function ProductForm({ product, initialNotice = '', onSave, busy }: ProductFormProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState(initialNotice);
  // Nothing to show before a name is typed ('product' is only the API's last resort).
  const generatedHandle = fields.name.trim() ? handleFromName(fields.name) : '';
  const fieldId = (name: FieldName) => `${id}-${name}`;

  const set = <K extends FieldName>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setNotice('');
    // A field shown in error is checked again as it changes: its message goes once it is right.
    if (errors[name]) {
      const checked = checkFields({ ...fields, [name]: value });
      const still = checked.success ? undefined : checked.errors[name];
      setErrors((current) => ({ ...current, [name]: still }));
    }
  };

  /** Shows the errors and takes the focus to the first field that has one. */
  const showErrors = (found: FieldErrors, top: string | null) => {
    setErrors(found);
    setProblem(top);
    const first = FIELD_ORDER.find((name) => found[name]);
    const radios = form.current?.elements.namedItem(`${id}-shape`);
    const target =
      first === 'shape'
        ? Array.from(radios instanceof RadioNodeList ? radios : []).find(
            (radio): radio is HTMLInputElement =>
              radio instanceof HTMLInputElement && radio.checked,
          )
        : first
          ? document.getElementById(fieldId(first))
          : null;
    // With no field to blame, the message at the top is announced (role=alert) where it shows.
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice('');
    const checked = checkFields(fields);
    if (!checked.success) {
      const found = checked.errors;
      showErrors(found, Object.keys(found).length ? null : 'Please check the fields');
      return;
    }
    const result = await onSave(checked.data);
    if ('error' in result) {
      const { fields: found, top } = serverFieldErrors(result.error, fieldOf);
      showErrors(found, top);
      return;
    }
    // What the server stored (its sanitised description, its handle) replaces what was typed.
    setFields(fieldsOf(result.data));
    setErrors({});
    setProblem(null);
    setNotice('Saved');
  };

  const errorOf = (name: FieldName) => errors[name];
  const describedBy = (name: FieldName, hint?: string) =>
    fieldDescription(fieldId(name), { hint, error: errorOf(name) });

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="Product details"
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
          filledHint={'The product’s address in the shop.'}
        />
        <Field id={fieldId('category')} label="Category" error={errorOf('category')}>
          <select
            id={fieldId('category')}
            value={fields.category}
            onChange={(event) => set('category', event.target.value as Category | '')}
            aria-invalid={errorOf('category') ? true : undefined}
            aria-describedby={describedBy('category')}
            className={fieldInputClass}
          >
            <option value="" disabled>
              Choose a category
            </option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          id={fieldId('price')}
          label="Price ($)"
          hint="In dollars, at most two decimals."
          inputMode="decimal"
          autoComplete="off"
          value={fields.price}
          onChange={(event) => set('price', event.target.value)}
          error={errorOf('price')}
        />
        <Field
          id={fieldId('status')}
          label="Status"
          hint={PRODUCT_STATUS_HINTS[fields.status]}
          error={errorOf('status')}
        >
          <select
            id={fieldId('status')}
            value={fields.status}
            onChange={(event) => set('status', event.target.value as ProductStatus)}
            aria-invalid={errorOf('status') ? true : undefined}
            aria-describedby={describedBy('status', PRODUCT_STATUS_HINTS[fields.status])}
            className={fieldInputClass}
          >
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PRODUCT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </Field>
        <fieldset
          aria-describedby={errorOf('shape') ? `${fieldId('shape')}-error` : undefined}
          className="flex flex-col gap-1.5"
        >
          <legend className="mb-1.5 text-sm font-semibold text-ink">Sizes and options</legend>
          <div className="flex flex-col gap-1">
            {SHAPES.map((shape) => (
              <label
                key={shape.value}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-sand-100"
              >
                <input
                  type="radio"
                  name={`${id}-shape`}
                  value={shape.value}
                  checked={fields.shape === shape.value}
                  onChange={() => set('shape', shape.value)}
                  aria-invalid={errorOf('shape') ? true : undefined}
                  className="size-4 accent-terracotta-700"
                />
                <span>
                  {shape.label}
                  {'hint' in shape && <span className="text-ink-muted"> ({shape.hint})</span>}
                </span>
              </label>
            ))}
          </div>
          {errorOf('shape') && (
            <p id={`${fieldId('shape')}-error`} role="alert" className="text-sm text-danger">
              {errorOf('shape')}
            </p>
          )}
        </fieldset>
      </div>
      <DescriptionEditor
        id={fieldId('description')}
        value={fields.description}
        onChange={(description) => set('description', description)}
        error={errorOf('description')}
      />
      <SeoListing
        idPrefix={id}
        name={fields.name}
        handle={fields.handle.trim() || generatedHandle}
        description={fields.description}
        seoTitle={fields.seoTitle}
        seoDescription={fields.seoDescription}
        onChange={set}
        errors={{ seoTitle: errorOf('seoTitle'), seoDescription: errorOf('seoDescription') }}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </Button>
        <p role="status" className="text-sm font-semibold text-success">
          {notice}
        </p>
      </div>
    </form>
  );
}
