import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

/** Why the checkout cannot go on (the server's answer, or the order's unit limit), and the way back to the cart. */
export function CartProblemAlert({ id, message }: { id?: string; message: string }) {
  return (
    <Alert variant="danger">
      <p id={id}>{message}</p>
      <p className="mt-1">
        <Link to="/cart" className="font-semibold underline">
          Review your cart
        </Link>
      </p>
    </Alert>
  );
}
