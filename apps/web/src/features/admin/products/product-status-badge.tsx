import type { ProductStatus } from '@shop/shared/admin-catalog';
import { StatusPill } from '../components/status-badge';
import { PRODUCT_STATUS_LABELS } from '../catalog-format';

const tones: Record<ProductStatus, string> = {
  published: 'bg-[#edf7f0] text-success',
  draft: 'bg-[#fdf3e1] text-[#633c00]',
  archived: 'bg-sand-200 text-ink-muted',
};

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <StatusPill tone={tones[status]}>{PRODUCT_STATUS_LABELS[status]}</StatusPill>;
}
