const ORIGIN = 'https://shop.invalid';

/** A path that a browser or the router could read as another host: '//host', '/\host'. */
const LEADS_OFF_SITE = /^\/[/\\]/;

/**
 * Where to go after logging in: the `redirect` query value when it is a path on this site, else
 * '/'. The answer is always a path that starts with a single '/', whatever the value was:
 * absolute and protocol-relative addresses, backslashes, whitespace and control characters are
 * refused, and so is a path that only becomes '//host' once resolved ('/..//evil.example',
 * '/%2e%2e//evil.example') or decoded ('/%2F%2Fevil.example', '/..%2F%2Fevil.example'). So the
 * login page can neither send anyone to another site nor hand the router an address it cannot
 * follow (security finding 11: '/..//evil.example/x' ended on the router's error page).
 */
export function redirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || LEADS_OFF_SITE.test(raw)) return '/';
  // Browsers read '\' as '/' and drop tabs and newlines: '/\evil.example' is '//evil.example'.
  if (raw.includes('\\') || /\s/.test(raw) || hasControlCharacter(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN) return '/';
  const { pathname } = url;
  if (LEADS_OFF_SITE.test(pathname)) return '/';
  // The same checks on the path decoded and read again ('/..%2F%2Fevil' is '/..//evil').
  let reread: URL;
  try {
    const decoded = decodeURIComponent(pathname);
    if (LEADS_OFF_SITE.test(decoded) || hasControlCharacter(decoded)) return '/';
    reread = new URL(decoded, ORIGIN);
  } catch {
    return '/'; // malformed escapes: not a path of ours
  }
  if (reread.origin !== ORIGIN || LEADS_OFF_SITE.test(reread.pathname)) return '/';
  return `${pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
