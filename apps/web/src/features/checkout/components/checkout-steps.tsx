import { ProgressSteps } from '../../../components/ui/progress-steps';

const STEPS = [
  { label: 'Shipping', to: '/shipping' },
  { label: 'Payment', to: '/payment' },
  { label: 'Place order', to: '/placeorder' },
] as const;

/** Shipping → Payment → Place order, for the signed-in checkout. */
export function CheckoutSteps({ current }: { current: 0 | 1 | 2 }) {
  return <ProgressSteps label="Checkout steps" steps={STEPS} current={current} />;
}
