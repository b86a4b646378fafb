import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { DISCOUNT_ADMIN_MESSAGES, discountWriteSchema } from '@shop/shared/admin-discounts';
import type { AdminDiscount, DiscountWrite } from '@shop/shared/admin-discounts';
import type { DiscountKind } from '@shop/shared/discounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { issueFieldErrors, serverFieldErrors } from '../form-errors';
import { discountKindOf, isoToShopLocal, shopLocalToIso } from './discount-format';
import { DiscountTargets } from './discount-targets';

type Mode = 'code' | 'automatic' | 'bulk';
type Minimum = 'none' | 'price' | 'quantity';

export type DiscountFields = {
  mode: Mode;
  code: string;
  title: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  maxShippingPrice: string;
  appliesTo: 'order' | 'items';
  productIds: string[];
  variantIds: string[];
  collectionIds: string[];
  minimum: Minimum;
  minItemsPrice: string;
  minQuantity: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  active: boolean;
};
type FieldName =
  | 'mode'
  | 'code'
  | 'title'
  | 'kind'
  | 'percent'
  | 'amount'
  | 'maxShippingPrice'
  | 'appliesTo'
  | 'targets'
  | 'minItemsPrice'
  | 'minQuantity'
  | 'startsAt'
  | 'endsAt'
  | 'usageLimit'
  | 'oncePerCustomer'
  | 'active';
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = [
  'mode',
  'code',
  'title',
  'kind',
  'percent',
  'amount',
  'maxShippingPrice',
  'appliesTo',
  'targets',
  'minItemsPrice',
  'minQuantity',
  'startsAt',
  'endsAt',
  'usageLimit',
  'oncePerCustomer',
  'active',
];

const M = DISCOUNT_ADMIN_MESSAGES;

const text = (value: number | null) => (value === null ? '' : String(value));

function fieldsOf(discount: AdminDiscount | undefined): DiscountFields {
  const mode = discount ? discountKindOf(discount) : 'code';
  return {
    mode,
    code: discount?.code ?? '',
    // A code discount titled by its code has no name of its own.
    title: discount && discount.title !== discount.code ? discount.title : '',
    kind: discount?.kind ?? 'percentage',
    percent: text(discount?.percent ?? null),
    amount: text(discount?.amount ?? null),
    maxShippingPrice: text(discount?.maxShippingPrice ?? null),
    appliesTo: discount?.appliesTo ?? 'order',
    productIds: discount?.productIds ?? [],
    variantIds: discount?.variantIds ?? [],
    collectionIds: discount?.collectionIds ?? [],
    minimum:
      discount?.minItemsPrice != null
        ? 'price'
        : discount?.minQuantity != null
          ? 'quantity'
          : 'none',
    minItemsPrice: text(discount?.minItemsPrice ?? null),
    minQuantity: text(discount?.minQuantity ?? null),
    startsAt: discount?.startsAt ? isoToShopLocal(discount.startsAt) : '',
    endsAt: discount?.endsAt ? isoToShopLocal(discount.endsAt) : '',
    usageLimit: text(discount?.usageLimit ?? null),
    oncePerCustomer: discount?.oncePerCustomer ?? false,
    active: discount?.active ?? true,
  };
}

/** A number typed in a box: null when empty, else the number (or the text, which the schema refuses). */
function numberOf(value: string): number | string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

const instantOf = (value: string) => (value === '' ? null : (shopLocalToIso(value) ?? value));

/** What is sent: the fields of the chosen mode, kind, reach and minimum only. */
function writeOf(fields: DiscountFields): unknown {
  const { mode, kind } = fields;
  return {
    automatic: mode === 'automatic',
    bulk: mode === 'bulk',
    code: mode === 'code' ? fields.code.trim() || null : null,
    title: fields.title.trim() === '' && mode === 'code' ? undefined : fields.title,
    kind,
    percent: kind === 'percentage' ? (numberOf(fields.percent) ?? null) : null,
    amount: kind === 'fixed' ? numberOf(fields.amount) : null,
    maxShippingPrice: kind === 'free_shipping' ? numberOf(fields.maxShippingPrice) : null,
    appliesTo: fields.appliesTo,
    productIds: fields.appliesTo === 'items' ? fields.productIds : [],
    variantIds: fields.appliesTo === 'items' ? fields.variantIds : [],
    collectionIds: fields.appliesTo === 'items' ? fields.collectionIds : [],
    minItemsPrice: fields.minimum === 'price' ? numberOf(fields.minItemsPrice) : null,
    minQuantity: fields.minimum === 'quantity' ? numberOf(fields.minQuantity) : null,
    startsAt: instantOf(fields.startsAt),
    endsAt: instantOf(fields.endsAt),
    usageLimit: numberOf(fields.usageLimit),
    oncePerCustomer: fields.oncePerCustomer,
    active: fields.active,
  };
}

function fieldOf(path: string | undefined, message: string): FieldName | null {
  if (message.startsWith('A discount already has the code')) return 'code';
  if (message === M.codeKept || message === M.codeOfBulk) return 'code';
  if (message.startsWith('The usage limit cannot be below')) return 'usageLimit';
  if (message.startsWith('No such ') || message === M.tooManyTargets) return 'targets';
  const name = path?.split('.').find((part) => !/^\d+$/.test(part) && part !== 'body');
  if (name === 'productIds' || name === 'variantIds' || name === 'collectionIds') return 'targets';
  if (name === 'automatic' || name === 'bulk') return 'mode';
  return FIELD_ORDER.find((field) => field === name) ?? null;
}

const KIND_CHOICES: { value: DiscountKind; label: string }[] = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'fixed', label: 'Fixed amount off' },
  { value: 'free_shipping', label: 'Free shipping' },
];

const MODE_CHOICES: { value: Mode; label: string; hint: string }[] = [
  { value: 'code', label: 'A code to type', hint: 'Shoppers type it at checkout.' },
  { value: 'automatic', label: 'Automatic', hint: 'Applies by itself when the cart qualifies.' },
  {
    value: 'bulk',
    label: 'Single-use codes',
    hint: 'Generated below once it is saved, each usable once.',
  },
];

type DiscountFormProps = {
  discount?: AdminDiscount;
  initialNotice?: string;
  /** Staff read the rules; only the owner changes them. */
  readOnly?: boolean;
  onSave: (write: DiscountWrite) => Promise<{ data: AdminDiscount } | { error: unknown }>;
  busy: boolean;
  /** More buttons beside Save (Deactivate, Duplicate). */
  actions?: ReactNode;
};

/** A discount's rules, checked here with the API's own schema, then by the API. */
export function DiscountForm({
  discount,
  initialNotice = '',
  readOnly = false,
  onSave,
  busy,
  actions,
}: DiscountFormProps) {
  const id = useId();
  const [fields, setFields] = useState<DiscountFields>(() => fieldsOf(discount));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState(initialNotice);
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const errorOf = (name: FieldName) => errors[name];
  const editing = discount !== undefined;

  const set = <K extends keyof DiscountFields>(name: K, value: DiscountFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setNotice('');
  };

  const showErrors = (found: FieldErrors, top: string | null) => {
    setErrors(found);
    setProblem(top);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (!first) return;
    const element = document.getElementById(fieldId(first));
    // A group (the mode, the products and collections) takes the focus on its first control.
    (element?.matches('input, select, textarea')
      ? element
      : element?.querySelector<HTMLElement>('input, select, button')
    )?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    setNotice('');
    const parsed = discountWriteSchema.safeParse(writeOf(fields));
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

  const numberField = (
    name:
      'percent' | 'amount' | 'maxShippingPrice' | 'minItemsPrice' | 'minQuantity' | 'usageLimit',
    label: string,
    hint: string | undefined,
    inputMode: 'numeric' | 'decimal',
  ) => (
    <TextField
      id={fieldId(name)}
      label={label}
      hint={hint}
      inputMode={inputMode}
      autoComplete="off"
      value={fields[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errorOf(name)}
    />
  );

  const radio = <V extends string>(
    name: string,
    value: V,
    current: V,
    onChange: (value: V) => void,
    label: string,
    hint?: string,
    disabled?: boolean,
  ) => {
    const hintId = `${id}-${name}-${value}-hint`;
    return (
      <div key={value} className="flex flex-col">
        <label
          className={`flex min-h-10 items-center gap-3 text-sm font-semibold ${disabled ? 'text-ink-muted' : 'cursor-pointer'}`}
        >
          <input
            type="radio"
            name={`${id}-${name}`}
            value={value}
            checked={current === value}
            disabled={disabled}
            onChange={() => onChange(value)}
            aria-describedby={hint ? hintId : undefined}
            className="size-4 shrink-0 accent-terracotta-700"
          />
          {label}
        </label>
        {hint && (
          <p id={hintId} className="-mt-1 pl-7 text-sm text-ink-muted">
            {hint}
          </p>
        )}
      </div>
    );
  };

  const groupError = (name: FieldName) =>
    errorOf(name) && (
      <p id={`${fieldId(name)}-error`} role="alert" className="text-sm text-danger">
        {errorOf(name)}
      </p>
    );

  const box = 'flex flex-col gap-4 rounded-xl border border-sand-200 p-4';
  const legend = 'px-1 text-sm font-semibold';

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Discount details"
      className="flex flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 className="text-xl font-semibold">Rules</h2>
      {readOnly && (
        <Alert variant="info">Only the shop’s owner can change a discount; you can read it.</Alert>
      )}
      {problem && <Alert variant="danger">{problem}</Alert>}
      {/* A disabled fieldset: staff read every rule, and nothing can be changed or sent. */}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-5">
        <legend className="sr-only">Discount rules</legend>
        <fieldset
          id={fieldId('mode')}
          className={box}
          aria-describedby={errorOf('mode') ? `${fieldId('mode')}-error` : undefined}
        >
          <legend className={legend}>How shoppers get it</legend>
          {editing && (
            <p className="-mt-2 text-sm text-ink-muted">
              A saved discount keeps its type; duplicate it to make another.
            </p>
          )}
          <div className="grid gap-2 md:grid-cols-3">
            {MODE_CHOICES.map((choice) =>
              radio(
                'mode',
                choice.value,
                fields.mode,
                (value) => set('mode', value),
                choice.label,
                choice.hint,
                editing,
              ),
            )}
          </div>
          {groupError('mode')}
          <div className="grid gap-5 md:grid-cols-2">
            {fields.mode === 'code' && (
              <TextField
                id={fieldId('code')}
                label="Code"
                hint="3 to 40 letters, digits, dashes or underscores; shoppers may type it in any case."
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={fields.code}
                onChange={(event) => set('code', event.target.value)}
                error={errorOf('code')}
                className="[&_input]:font-mono [&_input]:uppercase"
              />
            )}
            <TextField
              id={fieldId('title')}
              label={fields.mode === 'code' ? 'Name (optional)' : 'Name'}
              hint={
                fields.mode === 'automatic'
                  ? 'Shoppers read it on the discount line: ‘Free shipping over $30’.'
                  : fields.mode === 'code'
                    ? 'For the back office; the code when empty.'
                    : 'Which campaign the codes are for.'
              }
              autoComplete="off"
              value={fields.title}
              onChange={(event) => set('title', event.target.value)}
              error={errorOf('title')}
            />
          </div>
        </fieldset>

        <fieldset className={box}>
          <legend className={legend}>What it takes off</legend>
          <div className="grid gap-5 md:grid-cols-2">
            <Field id={fieldId('kind')} label="Kind" error={errorOf('kind')}>
              <select
                id={fieldId('kind')}
                value={fields.kind}
                onChange={(event) => {
                  const kind = event.target.value as DiscountKind;
                  setFields((current) => ({
                    ...current,
                    kind,
                    // Free shipping is for the whole order.
                    appliesTo: kind === 'free_shipping' ? 'order' : current.appliesTo,
                  }));
                  setNotice('');
                }}
                aria-describedby={fieldDescription(fieldId('kind'), { error: errorOf('kind') })}
                className={fieldInputClass}
              >
                {KIND_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </Field>
            {fields.kind === 'percentage' &&
              numberField('percent', 'Percent off', 'A whole number from 1 to 100.', 'numeric')}
            {fields.kind === 'fixed' &&
              numberField(
                'amount',
                'Amount off ($)',
                'Taken off the items it applies to.',
                'decimal',
              )}
            {fields.kind === 'free_shipping' &&
              numberField(
                'maxShippingPrice',
                'Only for rates up to ($, optional)',
                'Empty: every shipping rate is free.',
                'decimal',
              )}
          </div>
          {fields.kind !== 'free_shipping' && (
            <fieldset
              id={fieldId('appliesTo')}
              className="flex flex-col gap-2"
              aria-describedby={errorOf('appliesTo') ? `${fieldId('appliesTo')}-error` : undefined}
            >
              <legend className="mb-2 text-sm font-semibold">Applies to</legend>
              {radio(
                'appliesTo',
                'order',
                fields.appliesTo,
                (value) => set('appliesTo', value),
                'The whole order',
              )}
              {radio(
                'appliesTo',
                'items',
                fields.appliesTo,
                (value) => set('appliesTo', value),
                'Chosen products and collections',
              )}
              {groupError('appliesTo')}
            </fieldset>
          )}
          {fields.kind !== 'free_shipping' && fields.appliesTo === 'items' && (
            <DiscountTargets
              id={fieldId('targets')}
              productIds={fields.productIds}
              variantIds={fields.variantIds}
              collectionIds={fields.collectionIds}
              variantNames={discount?.variantNames ?? {}}
              onProducts={(ids) => set('productIds', ids)}
              onVariants={(ids) => set('variantIds', ids)}
              onCollections={(ids) => set('collectionIds', ids)}
              error={errorOf('targets')}
            />
          )}
        </fieldset>

        <fieldset className={box}>
          <legend className={legend}>Minimum purchase</legend>
          <div className="flex flex-col gap-2 md:flex-row md:gap-6">
            {radio('minimum', 'none', fields.minimum, (value) => set('minimum', value), 'None')}
            {radio(
              'minimum',
              'price',
              fields.minimum,
              (value) => set('minimum', value),
              'Items subtotal',
            )}
            {radio(
              'minimum',
              'quantity',
              fields.minimum,
              (value) => set('minimum', value),
              'Number of items',
            )}
          </div>
          {fields.minimum === 'price' &&
            numberField(
              'minItemsPrice',
              'Minimum items subtotal ($)',
              'Of the whole order’s items, before any discount.',
              'decimal',
            )}
          {fields.minimum === 'quantity' &&
            numberField('minQuantity', 'Minimum number of items', undefined, 'numeric')}
        </fieldset>

        <fieldset className={box}>
          <legend className={legend}>When and how often</legend>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              id={fieldId('startsAt')}
              type="datetime-local"
              label="Starts (optional)"
              hint="In the shop’s time zone (Chicago). Empty: at once."
              value={fields.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
              error={errorOf('startsAt')}
            />
            <TextField
              id={fieldId('endsAt')}
              type="datetime-local"
              label="Ends (optional)"
              hint="In the shop’s time zone (Chicago). Empty: no end."
              value={fields.endsAt}
              onChange={(event) => set('endsAt', event.target.value)}
              error={errorOf('endsAt')}
            />
            {numberField(
              'usageLimit',
              'Usage limit (optional)',
              discount
                ? `Orders in all; ${discount.usedCount} used so far. Empty: no limit.`
                : 'Orders in all. Empty: no limit.',
              'numeric',
            )}
            <div className="flex flex-col gap-2 md:pt-6">
              <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-semibold">
                <input
                  id={fieldId('oncePerCustomer')}
                  type="checkbox"
                  checked={fields.oncePerCustomer}
                  onChange={(event) => set('oncePerCustomer', event.target.checked)}
                  className="size-4 accent-terracotta-700"
                />
                Once per customer
              </label>
              <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-semibold">
                <input
                  id={fieldId('active')}
                  type="checkbox"
                  checked={fields.active}
                  onChange={(event) => set('active', event.target.checked)}
                  className="size-4 accent-terracotta-700"
                />
                Active
              </label>
            </div>
          </div>
        </fieldset>
      </fieldset>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving…' : editing ? 'Save' : 'Create discount'}
          </Button>
          {actions}
          <p role="status" className="text-sm font-semibold text-success">
            {notice}
          </p>
        </div>
      )}
    </form>
  );
}
