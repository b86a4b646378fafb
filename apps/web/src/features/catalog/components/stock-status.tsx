/** 'In Stock' or 'Sold Out' for the chosen variant. */
export function StockStatus({ inStock }: { inStock: number }) {
  return inStock > 0 ? (
    <span className="inline-flex items-center gap-2 text-sm font-semibold text-success">
      <span aria-hidden="true" className="size-2 rounded-full bg-success" />
      In Stock
    </span>
  ) : (
    <span className="inline-flex items-center gap-2 text-sm font-semibold text-danger">
      <span aria-hidden="true" className="size-2 rounded-full bg-danger" />
      Sold Out
    </span>
  );
}
