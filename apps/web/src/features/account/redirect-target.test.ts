import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const SHOP = 'https://shop.example';

/**
 * Where a browser on the shop would go with the target: resolved as a link's href and as
 * history.pushState resolves it (the same parser), so '//evil' and '/\evil' show up as other hosts.
 */
const landsOn = (target: string) => new URL(target, `${SHOP}/login`);

/** The checks a target must pass whatever the input: a path of ours, one slash first. */
function expectOnOurOrigin(target: string) {
  expect(target).toMatch(/^\/(?![/\\])/);
  expect(landsOn(target).origin).toBe(SHOP);
  // Decoded and read once more (the router decodes a path to match it): still no other host.
  const reread = landsOn(decodeURIComponent(landsOn(target).pathname));
  expect(reread.origin).toBe(SHOP);
  expect(reread.pathname).not.toMatch(/^\/[/\\]/);
}

describe('the login redirect target', () => {
  it.each([
    [null, '/'],
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['/shipping', '/shipping'],
    ['/order/42?token=abc#top', '/order/42?token=abc#top'],
    ['/cart?x=1', '/cart?x=1'],
    ['/a/../profile', '/profile'],
    ['/search/flower%20tote', '/search/flower%20tote'],
    ['/search/a%2Fb', '/search/a%2Fb'],
    ['/products/42?next=//evil.example', '/products/42?next=//evil.example'],
  ])('keeps a path on this site: %j → %s', (raw, expected) => {
    const target = redirectTarget(raw);
    expect(target).toBe(expected);
    expectOnOurOrigin(target);
  });

  // Every one of these must end on the home page, on our origin.
  const HOSTILE = [
    // other sites, spelled out
    'https://evil.example/phish',
    'HTTPS://evil.example',
    'http:evil.example',
    'http:/evil.example',
    '\thttps://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox(1)',
    // protocol-relative
    '//evil.example',
    '///evil.example',
    '////evil.example/x',
    '//evil.example/%2F..',
    // backslashes (browsers read them as slashes)
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/x\\..\\..\\/evil.example',
    // dot segments that resolve to '//host' (security finding 11)
    '/..//evil.example/x',
    '/.//evil.example',
    '/./..//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    // encoded slashes and backslashes that decode to '//host' or '/\host'
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/..%2F%2Fevil.example',
    '/x%5C..%5C..%5C/evil.example',
    // tabs, newlines, spaces and other control characters (browsers drop some of them)
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0d%0a/evil.example',
    '/\u0000/evil.example',
    '/\u007f/evil.example',
    '/\u0085/evil.example',
    ' /shipping',
    '/shipping ',
    // not a path at all, or malformed
    'shipping',
    'evil.example',
    '?redirect=//evil.example',
    '#//evil.example',
    '/%E0%A4%A',
    '/%',
  ];

  it.each(HOSTILE)('refuses %j and goes home instead', (raw) => {
    const target = redirectTarget(raw);
    expect(target).toBe('/');
    expectOnOurOrigin(target);
  });

  it.each(HOSTILE.map((raw) => encodeURIComponent(raw)))(
    'refuses the still-encoded query value %j',
    (raw) => {
      // A value encoded once more than needed is not a path (it does not start with '/').
      expectOnOurOrigin(redirectTarget(raw));
    },
  );

  it.each(HOSTILE)('stays on our origin when %j comes through the query string', (raw) => {
    const search = new URLSearchParams({ redirect: raw }).toString();
    const fromQuery = new URLSearchParams(search).get('redirect');
    expectOnOurOrigin(redirectTarget(fromQuery));
  });
});
