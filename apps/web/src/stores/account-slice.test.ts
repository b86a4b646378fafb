import { describe, expect, it } from 'vitest';
import { userInfoSchema } from '@shop/shared/accounts';
import { storedStateSchemas } from '../lib/contract-schemas';
import { loadAccountState } from './account-slice';

/** What the store restores from a stored userInfo (null when it would be discarded). */
function storedUserInfo(value: unknown) {
  const result = storedStateSchemas.userInfo.safeParse(value);
  return result.success ? result.data : null;
}

const good = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  role: 'customer',
  token: 'jwt',
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('the stored userInfo', () => {
  it.each([
    good,
    { ...good, message: 'hello' },
    { ...good, extra: 'dropped' },
    { ...good, role: 'owner' },
    { ...good, role: 'admin' },
    { ...good, token: 42 },
    { ...good, message: 7 },
    { name: 'Layla' },
    [good],
    'userInfo',
    null,
  ])('is accepted exactly when userInfoSchema accepts it: %j', (value) => {
    const schema = userInfoSchema.safeParse(value);
    expect(storedUserInfo(value)).toEqual(schema.success ? schema.data : null);
  });

  it('reads a userInfo stored before roles existed as a shopper', () => {
    const { role: _role, ...withoutRole } = good;
    expect(storedUserInfo(withoutRole)).toEqual(good);
  });

  it('is restored at start-up, and removed when it is broken', () => {
    localStorage.setItem('userInfo', JSON.stringify(good));
    expect(loadAccountState(storedStateSchemas)).toEqual({ userInfo: good });
    localStorage.setItem('userInfo', '{not json');
    expect(loadAccountState(storedStateSchemas)).toEqual({ userInfo: null });
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});
