import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { bulkCodesRequestSchema, MAX_BULK_CODES } from '@shop/shared/admin-discounts';
import type { AdminDiscount } from '@shop/shared/admin-discounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import {
  useDownloadDiscountCodesCsvMutation,
  useGenerateDiscountCodesMutation,
} from '../api/discounts-api';
import { DownloadButton } from '../components/download-button';
import { saveCsv } from '../save-file';

type Errors = { count?: string; prefix?: string };

/** The single-use codes of a discount: the owner generates them, anyone downloads them. */
export function BulkCodes({ discount, isOwner }: { discount: AdminDiscount; isOwner: boolean }) {
  const id = useId();
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [generate, { isLoading }] = useGenerateDiscountCodesMutation();
  const [downloadCsv] = useDownloadDiscountCodesCsvMutation();
  // Its own code (a code discount's) is not one of the generated ones.
  const generated = discount.codesCount - (discount.code ? 1 : 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setNotice('');
    setProblem(null);
    const typed = count.trim();
    const parsed = bulkCodesRequestSchema.safeParse({
      count: typed === '' ? undefined : Number(typed),
      prefix: prefix.trim() || undefined,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'prefix' ? 'prefix' : 'count';
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(`${id}-${found.count ? 'count' : 'prefix'}`)?.focus();
      return;
    }
    setErrors({});
    const result = await generate({ id: discount._id, request: parsed.data });
    if ('error' in result) {
      setProblem(errorMessage(result.error));
      return;
    }
    setCount('');
    setNotice(
      `Generated ${result.data.generated} single-use ${result.data.generated === 1 ? 'code' : 'codes'}`,
    );
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Bulk codes
      </h2>
      <p className="text-sm text-ink-muted">
        Single-use codes for this discount, each good for one order: hand them out in a newsletter
        or to a partner’s followers. {generated === 1 ? '1 code' : `${generated} codes`} so far.
      </p>
      {isOwner && (
        <form
          noValidate
          onSubmit={submit}
          aria-label="Generate codes"
          className="flex flex-col gap-4"
        >
          {problem && <Alert variant="danger">{problem}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${id}-count`}
              label="How many"
              hint={`1 to ${MAX_BULK_CODES.toLocaleString('en-US')}.`}
              inputMode="numeric"
              autoComplete="off"
              value={count}
              onChange={(event) => setCount(event.target.value)}
              error={errors.count}
            />
            <TextField
              id={`${id}-prefix`}
              label="Prefix (optional)"
              hint="3 to 20 letters, digits, dashes or underscores: NEWS gives NEWS-7KQ2M9XH4P."
              autoComplete="off"
              spellCheck={false}
              value={prefix}
              onChange={(event) => setPrefix(event.target.value)}
              error={errors.prefix}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" aria-disabled={isLoading || undefined}>
              {isLoading ? 'Generating…' : 'Generate'}
            </Button>
            <p role="status" className="text-sm font-semibold text-success">
              {notice}
            </p>
          </div>
        </form>
      )}
      <DownloadButton
        label="Download codes (CSV)"
        busyLabel="Preparing the codes…"
        unavailable={generated === 0 ? 'There are no generated codes yet.' : undefined}
        download={async () => {
          const result = await downloadCsv(discount._id);
          if ('error' in result) return { ok: false, message: errorMessage(result.error) };
          const fileName = `discount-codes-${discount.title.replace(/[^A-Za-z0-9_-]+/g, '-')}.csv`;
          saveCsv(result.data, fileName);
          return { ok: true, fileName };
        }}
      />
    </section>
  );
}
