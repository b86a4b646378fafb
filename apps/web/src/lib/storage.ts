/** What readStored validates with: a zod schema (the shared contract's, or one built on it). */
export type StoredSchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
};

/** The keys the storefront keeps in localStorage: the spec's, and the open checkouts' proofs. */
export type StorageKey =
  | 'cartItems'
  | 'shippingAddress'
  | 'paymentMethod'
  /** The discount code applied at checkout (decision 047). */
  | 'discountCode'
  | 'userInfo'
  /** The proofs of the browser's own open checkouts (features/checkout/open-checkouts.ts). */
  | 'openCheckouts';

/**
 * Reads a JSON value back from localStorage and validates it. Anything missing, unreadable or of
 * the wrong shape is removed and `undefined` comes back: bad stored data never crashes the shop.
 */
export function readStored<T>(key: StorageKey, schema: StoredSchema<T>): T | undefined {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return undefined; // storage disabled (private mode, policy)
  }
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    const result = schema.safeParse(value);
    if (result.success) return result.data;
  } catch {
    // fall through: unparsable JSON
  }
  removeStored(key);
  return undefined;
}

/** The keys the store restores at start-up (the cart's and the user's). */
const RESTORED_KEYS: readonly StorageKey[] = [
  'cartItems',
  'shippingAddress',
  'paymentMethod',
  'discountCode',
  'userInfo',
];

/** True when localStorage holds anything the store restores at start-up (a first visit: no). */
export function hasStoredState(): boolean {
  try {
    return RESTORED_KEYS.some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    return false; // storage disabled (private mode, policy)
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or disabled: the state still lives in memory for this visit
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // storage disabled
  }
}
