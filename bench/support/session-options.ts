// The bare servers open their sessions with the API's settings (apps/api/src/db/postgres.ts):
// the same statements, planned and run alike.
import { SESSION_OPTIONS } from '../../apps/api/src/db/postgres';

/** `url` with the API's session settings as its `options` (pg reads them when it connects). */
export function withApiSessionOptions(url: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', SESSION_OPTIONS);
  return withOptions.toString();
}
