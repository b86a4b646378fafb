// The first page's contract checks, loaded when first needed (docs/decisions/027): the schemas are
// the shared ones (lib/contract-schemas.ts), only their download waits for the first answer the
// browser fetches itself, or for stored state to restore.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type * as contractSchemas from './contract-schemas';
import type { StoredStateSchemas } from './contract-schemas';

type ContractSchemas = typeof contractSchemas;
type AnswerSchemas = ContractSchemas['answerSchemas'];

/** The schemas module, fetched on first use (the module loader keeps it: one request in all). */
export function loadContract(): Promise<ContractSchemas> {
  return import('./contract-schemas');
}

/** The schemas the store restores with: loaded only when localStorage holds something to check. */
export async function storedStateSchemasIfAny(
  hasStoredState: boolean,
): Promise<StoredStateSchemas | undefined> {
  return hasStoredState ? (await loadContract()).storedStateSchemas : undefined;
}

type OutputOf<K extends keyof AnswerSchemas> = StandardSchemaV1.InferOutput<AnswerSchemas[K]>;

/**
 * An endpoint's responseSchema: a Standard Schema that checks with the shared schema `name` once
 * it has loaded (RTK Query awaits the check).
 */
export function lazyAnswerSchema<K extends keyof AnswerSchemas>(
  name: K,
): StandardSchemaV1<OutputOf<K>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'shop-lazy-contract',
      validate: async (value) => {
        const schema: StandardSchemaV1<unknown, OutputOf<K>> = (await loadContract()).answerSchemas[
          name
        ];
        return schema['~standard'].validate(value);
      },
    },
  };
}
