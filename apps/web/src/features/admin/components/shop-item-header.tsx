import { Link } from 'react-router';
import type { ProductStatus } from '@shop/shared/admin-catalog';
import { PageHeader } from '../../../components/ui/page-header';
import { ProductStatusBadge } from '../products/product-status-badge';

/**
 * The heading of a product's or a collection's editor: its name, status and handle, and a link
 * to its page in the shop once it is published.
 */
export function ShopItemHeader({
  name,
  status,
  handle,
  shopPath,
}: {
  name: string;
  status: ProductStatus;
  handle: string;
  /** Its page in the shop, e.g. `/products/<handle>`. */
  shopPath: string;
}) {
  return (
    <PageHeader title={name}>
      <span className="flex flex-wrap items-center gap-3">
        <ProductStatusBadge status={status} />
        <span className="font-mono text-sm">{handle}</span>
        {status === 'published' && (
          <Link
            to={shopPath}
            className="text-sm font-semibold text-terracotta-700 underline underline-offset-4"
          >
            See it in the shop
          </Link>
        )}
      </span>
    </PageHeader>
  );
}
