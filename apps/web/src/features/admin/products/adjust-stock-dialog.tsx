import { useId, useState } from 'react';
import { ADJUST_REASONS, stockAdjustRequestSchema } from '@shop/shared/admin-catalog';
import type { AdjustReason, VariantStock } from '@shop/shared/admin-catalog';
import { Field, fieldInputClass } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAdjustStockMutation } from '../api/catalog-api';
import { ADJUST_REASON_LABELS, variantName } from '../catalog-format';
import { ActionDialog } from '../components/action-dialog';

/** The variant adjusted: its id, how it is named and its levels. */
type StockLevels = Pick<VariantStock, 'variant' | 'title' | 'onHand' | 'held' | 'available'> &
  Partial<Pick<VariantStock, 'size' | 'option'>>;

/** A whole number as typed ('12', '-2', '+3', '−2' with a real minus sign), else null. */
function wholeNumber(text: string): number | null {
  const normalised = text.trim().replace(/^[−–]/, '-').replace(/^\+/, '');
  return /^-?\d{1,6}$/.test(normalised) ? Number(normalised) : null;
}

/** What will happen, said before it does: 'On hand 12 → 10 · available 10 → 8'. */
function outcome(variant: StockLevels, change: number | null) {
  if (change === null || change === 0) {
    return `On hand is ${variant.onHand} (${variant.held} held by open checkouts, ${variant.available} available). Give a change: 12 adds twelve units, -2 takes two away.`;
  }
  const onHand = variant.onHand + change;
  const available = variant.available + change;
  const below =
    onHand < 0
      ? ' On-hand stock cannot go below zero.'
      : available < 0
        ? ` On-hand stock cannot go below what open checkouts hold (${variant.held}).`
        : '';
  return `On hand ${variant.onHand} → ${onHand} · available ${variant.available} → ${available}.${below}`;
}

/** Receive, correct, write off or take back units of one variant; the ledger records why. */
export function AdjustStockDialog({
  productId,
  productName,
  variant,
}: {
  productId: string;
  productName: string;
  variant: StockLevels;
}) {
  const id = useId();
  const [adjustStock, { isLoading }] = useAdjustStockMutation();
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<AdjustReason>('received');
  const [note, setNote] = useState('');
  const name = variantName(variant);
  const parsedChange = wholeNumber(change);

  return (
    <ActionDialog
      triggerLabel="Adjust stock"
      triggerAriaLabel={`Adjust stock of ${name}`}
      title={`Adjust stock: ${productName}, ${name}`}
      description={<p aria-live="polite">{outcome(variant, parsedChange)}</p>}
      confirmLabel="Adjust stock"
      busy={isLoading}
      onOpen={() => {
        setChange('');
        setReason('received');
        setNote('');
      }}
      onConfirm={async () => {
        const parsed = stockAdjustRequestSchema.safeParse({
          product: productId,
          // By its id: any variant, not only the spec's sizes and options.
          variant: variant.variant,
          change: parsedChange ?? Number.NaN,
          reason,
          note: note.trim() || undefined,
        });
        if (parsedChange === null) {
          return 'Change must be a whole number: 12 adds twelve units, -2 takes two away';
        }
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the fields';
        const result = await adjustStock(parsed.data);
        if ('error' in result) return errorMessage(result.error);
        notify(
          `${productName}, ${name}: on hand ${result.data.onHand}, available ${result.data.available}`,
          'success',
        );
        return null;
      }}
    >
      <TextField
        id={`${id}-change`}
        label="Change in units"
        hint="Positive when units come in, negative when they go: 12 or -2."
        inputMode="text"
        autoComplete="off"
        value={change}
        onChange={(event) => setChange(event.target.value)}
      />
      <Field id={`${id}-reason`} label="Reason">
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value as AdjustReason)}
          className={fieldInputClass}
        >
          {ADJUST_REASONS.map((value) => (
            <option key={value} value={value}>
              {ADJUST_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <TextField
        id={`${id}-note`}
        label="Note (optional)"
        hint="Kept in the movement history: a delivery note’s number, what was damaged."
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={300}
        autoComplete="off"
      />
    </ActionDialog>
  );
}
