import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';

type FocusedAlertProps = {
  variant?: 'danger' | 'success' | 'info' | 'warning';
  /** Move the focus here when the alert appears (default); false for a state restored on load. */
  takeFocus?: boolean;
  children: ReactNode;
  className?: string;
};

/**
 * An alert that takes the focus when it appears, so keyboard and screen-reader users land on
 * what went wrong (or right). Give it a new `key` to announce and focus it again.
 */
export function FocusedAlert({
  variant = 'danger',
  takeFocus = true,
  children,
  className = '',
}: FocusedAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusOnMount = useRef(takeFocus);
  useEffect(() => {
    if (focusOnMount.current) ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className={`rounded-lg ${className}`}>
      <Alert variant={variant}>{children}</Alert>
    </div>
  );
}
