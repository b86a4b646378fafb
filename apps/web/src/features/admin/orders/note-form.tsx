import { useId, useState, type FormEvent } from 'react';
import { orderNoteRequestSchema, type AdminOrder } from '@shop/shared/admin-orders';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useAddOrderNoteMutation } from '../api/admin-api';

const HINT = 'Only the shop’s staff see notes; the customer never does.';

/** An internal note on the order: kept in the audit log and shown in the timeline above. */
export function NoteForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const fieldId = `${id}-note`;
  const [addNote, { isLoading }] = useAddOrderNoteMutation();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const parsed = orderNoteRequestSchema.safeParse({ note });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Please check');
    const result = await addNote({ id: order._id, ...parsed.data });
    if ('error' in result) return setProblem(errorMessage(result.error));
    setProblem(undefined);
    setNote('');
    notify(`Note added to order #${order.number}`, 'success');
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Internal note"
      className="mt-5 flex flex-col gap-3"
    >
      <Field id={fieldId} label="Internal note" hint={HINT} error={problem}>
        <textarea
          id={fieldId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={2000}
          rows={3}
          aria-invalid={problem ? true : undefined}
          aria-describedby={fieldDescription(fieldId, { hint: HINT, error: problem })}
          className={fieldInputClass}
        />
      </Field>
      <Button type="submit" variant="secondary" className="self-start" disabled={isLoading}>
        Add note
      </Button>
    </form>
  );
}
