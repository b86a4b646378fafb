import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The limits kept in PostgreSQL count an IPv6 client by its /64, as the flood guard does: a
// client with a /64 cannot get a fresh limit by changing the low 64 bits of its address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const register = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: {
      name: 'Net Work',
      email: `net-${counter++}@example.com`,
      password: 'Network-Pass1!',
    },
    remoteAddress,
  });

describe('per-address limits over IPv6', () => {
  it('count ten registrations an hour from all the addresses of one /64 together', async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 11; host += 1)
      statuses.push((await register(`2001:db8:99:1:${host.toString(16)}::7`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    // The next /64 is another client.
    expect((await register('2001:db8:99:2::7')).statusCode).toBe(201);
  });
});
