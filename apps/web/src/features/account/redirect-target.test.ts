import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('the login redirect target', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/', '/'],
    ['/shipping', '/shipping'],
    ['/order/42?token=abc#top', '/order/42?token=abc#top'],
    ['/cart?x=1', '/cart?x=1'],
    ['/a/../profile', '/profile'],
  ])('keeps a path on this site: %j → %s', (raw, expected) => {
    expect(redirectTarget(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/phish',
    'http:evil.example',
    'javascript:alert(1)',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /shipping',
    'shipping',
    'data:text/html,hi',
  ])('refuses %j and goes home instead', (raw) => {
    expect(redirectTarget(raw)).toBe('/');
  });
});
