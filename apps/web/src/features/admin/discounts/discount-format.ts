import type { AdminDiscount, DiscountStatus } from '@shop/shared/admin-discounts';
import { SHOP_TIME_ZONE } from '@shop/shared/shop';
import { dollars } from '../format';

/** What a discount takes off, in words: '20 % off', '$10.00 off', 'Free shipping'. */
export function discountAmountInWords(
  discount: Pick<AdminDiscount, 'kind' | 'percent' | 'amount' | 'maxShippingPrice'>,
): string {
  if (discount.kind === 'percentage') return `${discount.percent ?? 0} % off`;
  if (discount.kind === 'fixed') return `${dollars(discount.amount ?? 0)} off`;
  return discount.maxShippingPrice === null
    ? 'Free shipping'
    : `Free shipping (rates up to ${dollars(discount.maxShippingPrice)})`;
}

/** 'Code', 'Automatic' or 'Single-use codes'. */
export function discountKindOf(discount: Pick<AdminDiscount, 'automatic' | 'code'>) {
  if (discount.automatic) return 'automatic' as const;
  return discount.code === null ? ('bulk' as const) : ('code' as const);
}

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  deactivated: 'Deactivated',
  'used up': 'Used up',
};

export const DISCOUNT_STATUS_TONES: Record<DiscountStatus, string> = {
  active: 'bg-[#edf7f0] text-success',
  scheduled: 'bg-[#e8eefc] text-[#1d3b7a]',
  expired: 'bg-sand-200 text-ink-muted',
  deactivated: 'bg-sand-200 text-ink-muted',
  'used up': 'bg-[#fdf3e1] text-[#633c00]',
};

const shopDateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

/** 'Dec 1, 2026, 12:00 AM', in the shop's time zone (where the discount's dates are read). */
export const formatShopDateTime = (iso: string) => shopDateTime.format(new Date(iso));

const wallParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The shop's wall clock at `ms`, as the milliseconds of that wall clock read as UTC. */
function wallClockMs(ms: number): number {
  const parts = wallParts.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value ('2026-12-01T00:00'), read in the shop's time zone, as an ISO instant
 * ('2026-12-01T06:00:00.000Z'); null when it is no such value.
 */
export function shopLocalToIso(local: string): string | null {
  const match = LOCAL.exec(local);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // The zone's offset at the guess, then again at the answer (a day when clocks change).
  let instant = wall - (wallClockMs(wall) - wall);
  instant = wall - (wallClockMs(instant) - instant);
  return new Date(instant).toISOString();
}

/** An ISO instant as the datetime-local value of the shop's wall clock then. */
export function isoToShopLocal(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(wallClockMs(ms)).toISOString().slice(0, 16);
}
