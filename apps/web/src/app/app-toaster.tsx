// The toast region with sonner and its styles, loaded by ToastRegion when first wanted.
import 'sonner/dist/styles.css';
import { Toaster } from 'sonner';

/**
 * At the foot of the screen: at the top, a toast covered the header (on phones its menu button and
 * cart) just when the shopper reached for it after saving or adding something.
 */
export default function AppToaster() {
  return <Toaster position="bottom-center" closeButton />;
}
