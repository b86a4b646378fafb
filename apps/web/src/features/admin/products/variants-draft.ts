import { MAX_OPTIONS } from '@shop/shared/catalog-constants';
import type {
  AdminVariant,
  ProductVariantsResponse,
  ProductVariantsWrite,
} from '@shop/shared/admin-variants';
import { variantTitle } from '@shop/shared/variants';

/**
 * The options and variants editor's draft (decision 036): options and values carry a local key
 * that survives renaming and reordering, and each combination's row is found by its values' keys,
 * so a renamed value keeps its variant (and its id, sent back to the API).
 */

export type DraftValue = { key: string; name: string };
export type DraftOption = { key: string; name: string; values: DraftValue[] };
export type DraftRow = {
  /** The variant's id once the API has it. */
  id?: string;
  offered: boolean;
  sku: string;
  price: string;
  compareAt: string;
  barcode: string;
  weight: string;
  threshold: string;
};
export type Draft = { options: DraftOption[]; rows: Record<string, DraftRow> };
/** One line of the grid: a combination of values and its row. */
export type Combination = { key: string; values: string[]; title: string; row: DraftRow };

let made = 0;
const newKey = () => `k${(made += 1)}`;
const folded = (text: string) => text.trim().toLowerCase();
const rowKey = (valueKeys: readonly string[]) => valueKeys.join('|');
const text = (value: number | string | null) => (value === null ? '' : String(value));
const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

export function newRow(threshold: number): DraftRow {
  return {
    offered: true,
    sku: '',
    price: '',
    compareAt: '',
    barcode: '',
    weight: '',
    threshold: String(threshold),
  };
}

function rowOf(variant: AdminVariant): DraftRow {
  return {
    id: variant._id,
    offered: true,
    sku: text(variant.sku),
    price: money(variant.price),
    compareAt: money(variant.compareAtPrice),
    barcode: text(variant.barcode),
    weight: text(variant.weightGrams),
    threshold: String(variant.lowStockThreshold),
  };
}

/** Every combination of the options' value keys, in the options' and values' order. */
function valueKeyCombinations(options: readonly DraftOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((combination) =>
        option.values.map((value) => [...combination, value.key]),
      ),
    [[]],
  );
}

/** The draft of what the API answered; a combination it has no variant of is left out. */
export function draftOf(data: ProductVariantsResponse, threshold: number): Draft {
  const options = data.options.map((option) => ({
    key: newKey(),
    name: option.name,
    values: option.values.map((name) => ({ key: newKey(), name })),
  }));
  const rows: Record<string, DraftRow> = {};
  for (const keys of valueKeyCombinations(options))
    rows[rowKey(keys)] = { ...newRow(threshold), offered: false };
  for (const variant of data.variants) {
    const keys = variant.options.map(
      (value, o) =>
        options[o]?.values.find((known) => folded(known.name) === folded(value))?.key ?? '',
    );
    rows[rowKey(keys)] = rowOf(variant);
  }
  return { options, rows };
}

/** The grid's lines; a combination never seen before is offered, with the defaults. */
export function combinationsOf(draft: Draft, threshold: number): Combination[] {
  return valueKeyCombinations(draft.options).map((keys) => {
    const values = keys.map(
      (key, o) => draft.options[o]?.values.find((value) => value.key === key)?.name.trim() ?? '',
    );
    const key = rowKey(keys);
    return { key, values, title: variantTitle(values), row: draft.rows[key] ?? newRow(threshold) };
  });
}

/** Rewrites each row's key (a list of value keys); when two rows meet, the one with an id stays. */
function rekeyed(
  rows: Record<string, DraftRow>,
  change: (keys: string[]) => string[],
): Record<string, DraftRow> {
  const next: Record<string, DraftRow> = {};
  for (const [key, row] of Object.entries(rows)) {
    const target = rowKey(change(key === '' ? [] : key.split('|')));
    const there = next[target];
    const better = !there || (!there.id && row.id) || (!there.offered && row.offered && row.id);
    if (better) next[target] = row;
  }
  return next;
}

const swap = <T>(list: readonly T[], a: number, b: number): T[] => {
  const next = [...list];
  const [first, second] = [next[a], next[b]];
  if (first === undefined || second === undefined) return next;
  next[a] = second;
  next[b] = first;
  return next;
};

export type DraftAction =
  | { type: 'addOption' }
  | { type: 'removeOption'; option: number }
  | { type: 'moveOption'; option: number; by: -1 | 1 }
  | { type: 'renameOption'; option: number; name: string }
  | { type: 'addValue'; option: number }
  | { type: 'removeValue'; option: number; value: number }
  | { type: 'moveValue'; option: number; value: number; by: -1 | 1 }
  | { type: 'renameValue'; option: number; value: number; name: string }
  | { type: 'setRow'; key: string; row: Partial<DraftRow>; threshold: number }
  | { type: 'setRows'; keys: string[]; row: Partial<DraftRow>; threshold: number }
  | { type: 'reset'; draft: Draft };

const withOption = (
  draft: Draft,
  o: number,
  change: (option: DraftOption) => DraftOption,
): Draft => ({
  ...draft,
  options: draft.options.map((option, i) => (i === o ? change(option) : option)),
});

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case 'addOption': {
      if (draft.options.length >= MAX_OPTIONS) return draft;
      // The new option starts with one value, which every variant takes: nothing is lost.
      const value = { key: newKey(), name: '' };
      return {
        options: [...draft.options, { key: newKey(), name: '', values: [value] }],
        rows: rekeyed(draft.rows, (keys) => [...keys, value.key]),
      };
    }
    case 'removeOption':
      return {
        options: draft.options.filter((_, i) => i !== action.option),
        rows: rekeyed(draft.rows, (keys) => keys.filter((_, i) => i !== action.option)),
      };
    case 'moveOption': {
      const to = action.option + action.by;
      if (to < 0 || to >= draft.options.length) return draft;
      return {
        options: swap(draft.options, action.option, to),
        rows: rekeyed(draft.rows, (keys) => swap(keys, action.option, to)),
      };
    }
    case 'renameOption':
      return withOption(draft, action.option, (option) => ({ ...option, name: action.name }));
    case 'addValue':
      return withOption(draft, action.option, (option) => ({
        ...option,
        values: [...option.values, { key: newKey(), name: '' }],
      }));
    case 'removeValue':
      return withOption(draft, action.option, (option) =>
        option.values.length > 1
          ? { ...option, values: option.values.filter((_, i) => i !== action.value) }
          : option,
      );
    case 'moveValue': {
      const to = action.value + action.by;
      return withOption(draft, action.option, (option) =>
        to < 0 || to >= option.values.length
          ? option
          : { ...option, values: swap(option.values, action.value, to) },
      );
    }
    case 'renameValue':
      return withOption(draft, action.option, (option) => ({
        ...option,
        values: option.values.map((value, i) =>
          i === action.value ? { ...value, name: action.name } : value,
        ),
      }));
    case 'setRow':
    case 'setRows': {
      const keys = action.type === 'setRow' ? [action.key] : action.keys;
      const rows = { ...draft.rows };
      for (const key of keys)
        rows[key] = { ...(rows[key] ?? newRow(action.threshold)), ...action.row };
      return { ...draft, rows };
    }
    case 'reset':
      return action.draft;
  }
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** A number as typed; NaN (refused by the schema with its message) when it is not one. */
const numberOrNull = (value: string) => {
  const trimmed = value.trim().replace(/^\$/, '');
  return trimmed === '' ? null : /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/** What PUT /api/admin/products/:id/variants is sent, and the grid line of each variant in it. */
export function writeOf(
  draft: Draft,
  threshold: number,
): { write: ProductVariantsWrite; lines: Combination[] } {
  const lines = combinationsOf(draft, threshold).filter((line) => line.row.offered);
  return {
    lines,
    write: {
      options: draft.options.map((option) => ({
        name: option.name.trim(),
        values: option.values.map((value) => value.name.trim()),
      })),
      variants: lines.map(({ values, row }) => ({
        ...(row.id ? { id: row.id } : {}),
        options: values,
        sku: blankToNull(row.sku),
        price: numberOrNull(row.price),
        compareAtPrice: numberOrNull(row.compareAt),
        barcode: blankToNull(row.barcode),
        weightGrams: numberOrNull(row.weight),
      })),
    },
  };
}

/** The variant the API answered for a grid line (by its values, ignoring case). */
export function answeredVariant(
  variants: readonly AdminVariant[],
  values: readonly string[],
): AdminVariant | undefined {
  const wanted = values.map(folded).join('\u0000');
  return variants.find((variant) => variant.options.map(folded).join('\u0000') === wanted);
}
