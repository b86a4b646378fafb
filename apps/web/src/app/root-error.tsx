import { RouteError } from './route-error';

/** When the layout itself fails there is no header or footer to keep: the error alone. */
export function RootError() {
  return (
    <main id="main-content" className="min-h-dvh bg-sand-50">
      <RouteError />
    </main>
  );
}
