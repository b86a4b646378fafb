import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-error';

type QueryStateProps = {
  isLoading: boolean;
  error: unknown;
  /** What is loading, for the spinner: 'Loading orders…'. */
  loadingLabel: string;
  onRetry?: () => void;
  /** Shown once loaded. */
  children: ReactNode;
};

/** The loading and error states every back-office screen has, around what it shows once loaded. */
export function QueryState({ isLoading, error, loadingLabel, onRetry, children }: QueryStateProps) {
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (error) {
    return (
      <Alert variant="danger">
        <span className="block">{errorMessage(error)}</span>
        {onRetry && (
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  return <>{children}</>;
}

/** The empty state of a list. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-sand-300 bg-sand-100/60 px-6 py-10 text-center">
      <p className="font-display text-xl font-semibold">{title}</p>
      {children && <p className="mt-2 text-ink-muted">{children}</p>}
    </div>
  );
}
