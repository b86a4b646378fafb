import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's network: whoever has a /64 has 2^64 addresses to rotate through), and an
 * IPv4-mapped IPv6 address (::ffff:192.0.2.1, how a dual-stack socket sees an IPv4 client) as
 * the IPv4 address. Anything else (no address at all) is its own key.
 */
export function addressKeyOf(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names the interface only
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ('::' filled in, a dotted IPv4 tail as two). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head = '', tail] = text.split('::');
  if (tail === undefined) return groupsOf(head);
  const before = groupsOf(head);
  const after = groupsOf(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
