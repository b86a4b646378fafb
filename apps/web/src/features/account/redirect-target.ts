const ORIGIN = 'https://shop.invalid';

/**
 * Where to go after logging in: the `redirect` query value when it is a path on this site
 * (a single leading '/'), else '/'. Absolute and protocol-relative addresses, backslashes and
 * control characters are refused, so the login page cannot send anyone to another site.
 */
export function redirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  // Browsers read '\' as '/' and drop tabs and newlines: '/\evil.example' is '//evil.example'.
  if (raw.includes('\\') || /\s/.test(raw) || hasControlCharacter(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== ORIGIN) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
