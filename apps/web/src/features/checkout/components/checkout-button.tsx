import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClass } from '../../../components/ui/button-styles';
import { ButtonSpinner } from '../../../components/ui/button-spinner';

// Narrower sides on small screens, so 'Continue to payment' stays on one line at 320 px.
const checkoutButtonClass = buttonClass('primary', 'md').replace('px-6', 'px-4 sm:px-6');

type CheckoutButtonProps = {
  /** The id of the form the button submits, when it sits outside it. */
  form?: string;
  onClick?: () => void;
  busy: boolean;
  redirecting: boolean;
  error: string | null;
  children: ReactNode;
};

/**
 * The button that starts the hosted checkout, with the server's answer when it fails and a
 * spinner while the session is being opened (the button is disabled meanwhile).
 */
export function CheckoutButton({
  form,
  onClick,
  busy,
  redirecting,
  error,
  children,
}: CheckoutButtonProps) {
  return (
    <>
      {error && (
        <Alert variant="danger">
          <p>{error}</p>
          <p className="mt-1">
            <Link to="/cart" className="font-semibold underline">
              Review your cart
            </Link>
          </p>
        </Alert>
      )}
      <button
        type={onClick ? 'button' : 'submit'}
        form={form}
        onClick={onClick}
        disabled={busy}
        className={`${checkoutButtonClass} w-full`}
      >
        {busy && <ButtonSpinner />}
        {redirecting ? 'Opening payment…' : busy ? 'Please wait…' : children}
      </button>
      <p role="status" className="sr-only">
        {busy ? 'Opening the secure payment page…' : ''}
      </p>
      <p className="text-center text-xs text-ink-muted">
        You pay on our card provider’s secure page. Prices and stock are confirmed there.
      </p>
    </>
  );
}
