/** A page number from the address: a whole number from 1, else page 1. */
export function parsePageNumber(raw: string | null | undefined): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}
