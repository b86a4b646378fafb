type SpinnerProps = { label?: string; className?: string };

/** A loading indicator announced to screen readers. */
export function Spinner({ label = 'Loading…', className = '' }: SpinnerProps) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-3 py-12 ${className}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-sand-200 border-t-terracotta-700 motion-reduce:animate-none"
      />
      <span className="text-sm text-ink-muted">{label}</span>
    </div>
  );
}
