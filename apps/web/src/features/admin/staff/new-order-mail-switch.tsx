import { useId } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useGetNewOrderMailQuery, useSetNewOrderMailMutation } from '../api/admin-api';

/**
 * The signed-in account's own choice of a mail for every paid order (the owner gets them until
 * they turn it off; staff do not until they turn it on).
 */
export function NewOrderMailSwitch() {
  const id = useId();
  const { data } = useGetNewOrderMailQuery();
  const [save, { isLoading }] = useSetNewOrderMailMutation();
  if (!data) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-8 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Your mail
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={data.newOrderMail}
          disabled={isLoading}
          aria-describedby={`${id}-hint`}
          onChange={async (event) => {
            const newOrderMail = event.target.checked;
            const result = await save({ newOrderMail });
            if ('error' in result) return notify(errorMessage(result.error), 'error');
            notify(
              newOrderMail
                ? 'You will get a mail for every paid order'
                : 'You will no longer get a mail for every paid order',
              'success',
            );
          }}
          className="mt-1 size-5 shrink-0 accent-terracotta-700"
        />
        <div>
          <label htmlFor={`${id}-switch`} className="font-semibold">
            Mail me every paid order
          </label>
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            A mail to your address with the order’s items, total and a link to it here.
          </p>
        </div>
      </div>
    </section>
  );
}
