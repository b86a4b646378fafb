import type { DiscountStatus } from '@shop/shared/admin-discounts';
import { StatusPill } from '../components/status-badge';
import { DISCOUNT_STATUS_LABELS, DISCOUNT_STATUS_TONES } from './discount-format';

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return (
    <StatusPill tone={DISCOUNT_STATUS_TONES[status]}>{DISCOUNT_STATUS_LABELS[status]}</StatusPill>
  );
}
