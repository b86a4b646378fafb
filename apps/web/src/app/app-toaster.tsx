// The toast region with sonner and its styles, loaded by ToastRegion when first wanted.
import 'sonner/dist/styles.css';
import { Toaster } from 'sonner';

export default function AppToaster() {
  return <Toaster position="top-center" closeButton />;
}
