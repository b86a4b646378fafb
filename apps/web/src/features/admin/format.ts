import type { Actor } from '@shop/shared/back-office';
import { formatPrice, toCents } from '@shop/shared/money';
import { ORDER_STATUS_LABELS } from '@shop/shared/orders';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Nov 22, 2026, 3:04 PM' (or the date alone); the text as given when it is not a date. */
export function formatWhen(iso: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (withTime ? dateTime : dateOnly).format(date);
}

/** '$24.00' from the API's dollars. */
export const dollars = (amount: number) => formatPrice(toCents(amount));

/** The status words are the shopper's too (packages/shared). */
export const STATUS_LABELS = ORDER_STATUS_LABELS;

/** Who acted: a person's name, or the shop itself, or the payment provider. */
export function actorName(actor: Actor): string {
  if (actor === 'system') return 'System';
  if (actor === 'provider') return 'Payment provider';
  return actor.name;
}

/**
 * A 1-based page number from the address; 1 for anything else. Pages by number alone stop at
 * 1000; a keyset-paged list's page at a cursor may be any (decision 053).
 */
export function pageFrom(value: string | null, max = 1000): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}
