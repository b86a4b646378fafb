import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  synonymGroupsOfText,
  synonymListWriteSchema,
  synonymTextOfGroups,
  type SynonymList,
} from '@shop/shared/search';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription, fieldInputClass } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useGetSynonymsQuery, useSaveSynonymsMutation } from '../api/search-api';
import { QueryState } from '../components/query-state';
import { useIsOwner } from '../hooks/use-back-office-session';

const HINT =
  'One group a line, its words or phrases parted by “=”, for example: tee = t-shirt = shirt. A search for any of them finds the others.';

/** The owner's form; staff see the same list, read only. */
function SynonymsForm({ saved, canEdit }: { saved: SynonymList; canEdit: boolean }) {
  const id = useId();
  const [text, setText] = useState(() => synonymTextOfGroups(saved.groups));
  const [problem, setProblem] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveSynonymsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading || !canEdit) return;
    const groups = synonymGroupsOfText(text);
    const parsed = synonymListWriteSchema.safeParse({ groups });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const line = typeof issue?.path[1] === 'number' ? `Line ${issue.path[1] + 1}: ` : '';
      return setProblem(`${line}${issue?.message ?? 'Please check the list'}`);
    }
    const result = await save(parsed.data);
    if ('error' in result) return setProblem(errorMessage(result.error));
    setText(synonymTextOfGroups(result.data.groups));
    setProblem(null);
    notify('Synonyms saved', 'success');
  };

  const listId = `${id}-groups`;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Search synonyms"
      className="flex max-w-2xl flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <Field id={listId} label="Synonyms" hint={HINT}>
        <textarea
          id={listId}
          rows={10}
          spellCheck={false}
          readOnly={!canEdit}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={fieldDescription(listId, { hint: HINT })}
          className={`${fieldInputClass} font-mono`}
        />
      </Field>
      {problem && <Alert variant="danger">{problem}</Alert>}
      {canEdit ? (
        <Button type="submit" className="self-start" aria-disabled={isLoading || undefined}>
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
      ) : (
        <p className="text-sm text-ink-muted">Only the owner changes the synonyms.</p>
      )}
    </form>
  );
}

/** /admin/search/synonyms: the words the storefront's search treats as one. */
export default function SynonymsPage() {
  const { data, isLoading, error, refetch } = useGetSynonymsQuery();
  const isOwner = useIsOwner();
  return (
    <>
      <PageHeader title="Search synonyms">
        Words shoppers use for the same thing. A change applies to the next search.
      </PageHeader>
      <QueryState
        isLoading={isLoading}
        error={error}
        loadingLabel="Loading the synonyms…"
        onRetry={refetch}
      >
        {data && <SynonymsForm saved={data} canEdit={isOwner} />}
      </QueryState>
    </>
  );
}
