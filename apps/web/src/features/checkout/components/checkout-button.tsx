import { useId } from 'react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { ButtonSpinner } from '../../../components/ui/button-spinner';
import { CartProblemAlert } from './cart-problem-alert';

// Narrower sides on small screens, so 'Continue to payment' stays on one line at 320 px.
const checkoutButtonClass = buttonClass('primary', 'md').replace('px-6', 'px-4 sm:px-6');

type CheckoutButtonProps = {
  /** The id of the form the button submits, when it sits outside it. */
  form?: string;
  onClick?: () => void;
  busy: boolean;
  redirecting: boolean;
  error: string | null;
  /** Why the checkout may not start at all (the order's unit limit): shown, and the button is disabled. */
  refusal?: string | undefined;
  children: ReactNode;
};

/**
 * The button that starts the hosted checkout, with the server's answer when it fails and a
 * spinner while the session is being opened (the button is disabled meanwhile). With a refusal
 * the button stays disabled, described by the reason.
 */
export function CheckoutButton({
  form,
  onClick,
  busy,
  redirecting,
  error,
  refusal,
  children,
}: CheckoutButtonProps) {
  const messageId = useId();
  const message = refusal ?? error;
  return (
    <>
      {message && <CartProblemAlert id={messageId} message={message} />}
      <button
        type={onClick ? 'button' : 'submit'}
        form={form}
        onClick={onClick}
        disabled={busy || Boolean(refusal)}
        aria-describedby={refusal ? messageId : undefined}
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
