import { Link } from 'react-router';
import { cellClass } from './admin-table';

/** A table row's heading cell: the order's number, linking to its back-office page. */
export function OrderNumberCell({ order }: { order: { _id: string; number: string } }) {
  return (
    <th scope="row" className={cellClass}>
      <Link
        to={`/admin/orders/${encodeURIComponent(order._id)}`}
        className="font-mono font-semibold text-terracotta-700 underline underline-offset-4 hover:text-terracotta-800"
      >
        #{order.number}
      </Link>
    </th>
  );
}
