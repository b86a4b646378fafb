import { useId, useState } from 'react';
import type { AdminOrder } from '@shop/shared/admin-orders';
import { refundRequestSchema } from '@shop/shared/admin-orders';
import { formatPrice, toCents } from '@shop/shared/money';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useRefundOrderMutation } from '../api/admin-api';
import { ActionDialog } from '../components/action-dialog';
import { LineUnitsField } from './line-units-field';
import { ReasonField } from './reason-field';
import {
  centsToField,
  defaultRefundCents,
  lineKey,
  remainingCents,
  restockLines,
  sharesOf,
  unitsLeft,
  variantLabel,
} from './refund-lines';
import type { RestockChoice } from './refund-lines';

/**
 * Refund (owner): choose the units that come back to stock, and the shipping; the amount follows
 * what they were paid, tax included (never more than what remains), until it is typed in by hand.
 */
export function RefundDialog({ order }: { order: AdminOrder }) {
  const id = useId();
  const [refundOrder, { isLoading }] = useRefundOrderMutation();
  const [choice, setChoice] = useState<RestockChoice>({});
  const [withShipping, setWithShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [amountTyped, setAmountTyped] = useState(false);
  const [reason, setReason] = useState('');
  const remaining = remainingCents(order);
  const shares = sharesOf(order);
  const shippingCents = toCents(order.shippingPrice);
  const units = restockLines(order.orderItems, choice).reduce((sum, line) => sum + line.qty, 0);
  const amountNumber = Number(amount);
  const amountText = Number.isFinite(amountNumber) ? formatPrice(toCents(amountNumber)) : amount;

  const choose = (next: RestockChoice, shipping: boolean) => {
    setChoice(next);
    setWithShipping(shipping);
    if (!amountTyped) setAmount(centsToField(defaultRefundCents(order, next, shipping)));
  };

  return (
    <ActionDialog
      triggerLabel="Refund"
      title={`Refund order #${order.number}`}
      description={
        <>
          <p>
            Remaining refundable: <strong>{formatPrice(remaining)}</strong> of{' '}
            {formatPrice(toCents(order.totalPrice))}.
          </p>
          <p className="mt-1">
            {amount
              ? `${amountText} goes back to the customer’s card through the payment provider`
              : 'Nothing is refunded until you give an amount'}
            {units > 0
              ? ` and ${units} ${units === 1 ? 'unit goes' : 'units go'} back in stock`
              : ''}
            . This cannot be undone.
          </p>
        </>
      }
      confirmLabel="Refund"
      busy={isLoading}
      onOpen={() => {
        setChoice({});
        setWithShipping(false);
        setAmount('');
        setAmountTyped(false);
        setReason('');
      }}
      onConfirm={async () => {
        const parsed = refundRequestSchema.safeParse({
          amount: amount.trim() === '' ? Number.NaN : Number(amount),
          restock: restockLines(order.orderItems, choice),
          reason,
        });
        if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please check the fields';
        if (toCents(parsed.data.amount) > remaining) {
          return `The refund is more than what remains to refund (${formatPrice(remaining)})`;
        }
        const result = await refundOrder({ id: order._id, ...parsed.data });
        if ('error' in result) return errorMessage(result.error);
        notify(
          `Refunded ${formatPrice(toCents(parsed.data.amount))} on order #${order.number}`,
          'success',
        );
        return null;
      }}
    >
      <fieldset className="rounded-xl border border-sand-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold">Units back to stock</legend>
        <ul className="flex flex-col gap-3">
          {order.orderItems.map((line, index) => {
            const key = lineKey(line);
            const taxCents = shares[index]?.taxCents ?? 0;
            const inputId = `${id}-${key}`;
            const variant = variantLabel(line);
            const left = unitsLeft(order, index);
            return (
              <LineUnitsField
                key={key}
                id={inputId}
                name={line.name}
                detail={[
                  variant,
                  `${line.qty} × ${formatPrice(toCents(line.price))} + ${formatPrice(taxCents)} tax`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                max={left}
                value={choice[key] ?? 0}
                onChange={(units) => choose({ ...choice, [key]: units }, withShipping)}
              />
            );
          })}
        </ul>
      </fieldset>
      {shippingCents > 0 && (
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={withShipping}
            onChange={(event) => choose(choice, event.target.checked)}
            className="size-5 shrink-0 accent-terracotta-600"
          />
          Refund the shipping ({formatPrice(shippingCents)})
        </label>
      )}
      <TextField
        id={`${id}-amount`}
        label="Amount to refund ($)"
        hint={`What the chosen units were paid, tax included (and the shipping if ticked); at most ${formatPrice(remaining)}.`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmountTyped(true);
          setAmount(event.target.value);
        }}
      />
      <ReasonField value={reason} onChange={setReason} />
    </ActionDialog>
  );
}
