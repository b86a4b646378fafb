import { errorBodySchema } from '@shop/shared/catalog';
import { GENERIC_ERROR } from '../../lib/api-error';

/** Which field of a form an error is about: from a path (zod's or the API's), or its message. */
export type FieldOfError<Field extends string> = (
  path: string | undefined,
  message: string,
) => Field | null;

/** The first message for each field among a schema's issues (checked before anything is sent). */
export function issueFieldErrors<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: FieldOfError<Field>,
): Partial<Record<Field, string>> {
  const fields: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join('.'), issue.message);
    if (field) fields[field] ??= issue.message;
  }
  return fields;
}

/**
 * A failed save's messages (an RTK Query error): by field where the API says which, in its
 * `errors[]` or by its message; else its message for the top of the form.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: FieldOfError<Field>,
): { fields: Partial<Record<Field, string>>; top: string | null } {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  const body = errorBodySchema.safeParse(data);
  if (!body.success) return { fields: {}, top: GENERIC_ERROR };
  const fields: Partial<Record<Field, string>> = {};
  for (const issue of body.data.errors ?? []) {
    const field = fieldOf(issue.path, issue.message);
    if (field) fields[field] ??= issue.message;
  }
  const field = fieldOf(undefined, body.data.message);
  if (field) fields[field] ??= body.data.message;
  return { fields, top: Object.keys(fields).length === 0 ? body.data.message : null };
}
