import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address-key';

describe('addressKeyOf', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('203.0.113.8')).toBe('203.0.113.8');
  });

  it('groups IPv6 by its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd:0:0:9',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::192.0.2.1',
    ])
      expect(addressKeyOf(address), address).toBe(key);
    expect(addressKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(addressKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressKeyOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves what is not an address alone', () => {
    expect(addressKeyOf('unknown')).toBe('unknown');
    expect(addressKeyOf('')).toBe('');
  });
});
