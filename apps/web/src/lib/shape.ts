/**
 * Small runtime checks of the JSON the storefront reads on its first page (API answers and
 * localStorage). They do what the shared zod schemas they mirror do, without loading zod (about
 * 24 kB gzipped) before the shop is on screen: a check returns the value, objects cut down to
 * their known keys and strings trimmed where the schema trims, or throws a ShapeError.
 * Typed by the shared types, so a field the contract adds is a compile error until it is mirrored;
 * shape.test.ts and the tests beside each mirror hold them to the schemas.
 */

export class ShapeError extends Error {
  override name = 'ShapeError';
}

/** A check: the value in the expected shape, or a ShapeError naming where it is wrong. */
export type Shape<T> = (value: unknown, path?: string) => T;

function fail(path: string | undefined, expected: string): never {
  throw new ShapeError(`${path || 'value'}: expected ${expected}`);
}

type StringOptions = { trim?: boolean; min?: number; max?: number };

/** z.string(), with .trim(), .min(n) and .max(n) (lengths after trimming). */
export const string =
  ({ trim = false, min = 0, max = Infinity }: StringOptions = {}): Shape<string> =>
  (value, path) => {
    if (typeof value !== 'string') fail(path, 'a string');
    const text = trim ? value.trim() : value;
    if (text.length < min || text.length > max) fail(path, `${min} to ${max} characters`);
    return text;
  };

type NumberOptions = { int?: boolean; min?: number; max?: number; above?: number };

/** z.number() (finite), with .int() (a safe integer), .min(n)/.nonnegative(), .max(n), .positive(). */
export const number =
  ({ int = false, min = -Infinity, max = Infinity, above }: NumberOptions = {}): Shape<number> =>
  (value, path) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a number');
    if (int && !Number.isSafeInteger(value)) fail(path, 'a whole number');
    if (value < min || value > max || (above !== undefined && value <= above))
      fail(path, 'a number in range');
    return value;
  };

/** z.boolean() */
export const boolean: Shape<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'true or false');

/** z.enum(values) */
export const oneOf =
  <const T extends readonly string[]>(values: T): Shape<T[number]> =>
  (value, path) =>
    values.includes(value as string) ? (value as T[number]) : fail(path, values.join(' | '));

/** z.array(item) */
export const array =
  <T>(item: Shape<T>): Shape<T[]> =>
  (value, path = '') =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}[${index}]`))
      : fail(path, 'an array');

/** z.record(z.string(), value): a plain object whose every value passes `value`. */
export const record =
  <T>(value: Shape<T>): Shape<Record<string, T>> =>
  (input, path = '') => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      fail(path, 'an object');
    const output: Record<string, T> = {};
    for (const [key, entry] of Object.entries(input))
      output[key] = value(entry, `${path}[${JSON.stringify(key)}]`);
    return output;
  };

const OPTIONAL = Symbol('optional');
type OptionalShape<T> = Shape<T | undefined> & { [OPTIONAL]: true };

/** .optional(): the key may be missing (or undefined). */
export const optional = <T>(shape: Shape<T>): OptionalShape<T> =>
  Object.assign<Shape<T | undefined>, { [OPTIONAL]: true }>(
    (value, path) => (value === undefined ? undefined : shape(value, path)),
    { [OPTIONAL]: true },
  );

type Fields = Record<string, Shape<unknown>>;
type Output<F extends Fields> = {
  [K in keyof F as F[K] extends OptionalShape<unknown> ? never : K]: ReturnType<F[K]>;
} & {
  [K in keyof F as F[K] extends OptionalShape<unknown> ? K : never]?: ReturnType<F[K]>;
};

/** z.object(fields): unknown keys are dropped, a missing optional key stays missing. */
export const object =
  <F extends Fields>(fields: F): Shape<Output<F>> =>
  (value, path = '') => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      fail(path, 'an object');
    const input = value as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(fields)) {
      const field = check(input[key], path ? `${path}.${key}` : key);
      if (field !== undefined || key in input) output[key] = field;
    }
    return output as Output<F>;
  };

/** .refine(test, message) */
export const refine =
  <T>(shape: Shape<T>, test: (value: T) => boolean, message: string): Shape<T> =>
  (value, path) => {
    const checked = shape(value, path);
    return test(checked) ? checked : fail(path, message);
  };

/** zod's safeParse, for readStored and the like. */
export function safeParse<T>(
  shape: Shape<T>,
  value: unknown,
): { success: true; data: T } | { success: false; error: Error } {
  try {
    return { success: true, data: shape(value) };
  } catch (error) {
    if (error instanceof ShapeError) return { success: false, error };
    throw error;
  }
}

/** The Standard Schema interface (standardschema.dev), which RTK Query's responseSchema takes. */
export type StandardSchema<T> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) =>
      | { readonly value: T; readonly issues?: undefined }
      | { readonly issues: { message: string }[] };
  };
};

/** A check as a Standard Schema, for RTK Query's responseSchema. */
export function standardSchema<T>(shape: Shape<T>): StandardSchema<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'shop-shape',
      validate(value) {
        const result = safeParse(shape, value);
        return result.success
          ? { value: result.data }
          : { issues: [{ message: result.error.message }] };
      },
    },
  };
}
