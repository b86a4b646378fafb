import { describe, expect, it } from 'vitest';
import { createStore } from '../app/store';
import { storedStateSchemas } from './contract-schemas';
import { accountsApi } from '../features/account/api/accounts-api';
import { logoutApi } from '../features/account/api/logout-api';
import { productsApi } from '../features/catalog/api/products-api';
import { mockApi } from '../test/mock-api';

const userInfo = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  role: 'customer',
  token: 'old-jwt',
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('the API client', () => {
  it('sends the stored token and logs out when the server says it failed', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    const fetchMock = mockApi([], () => ({
      status: 401,
      body: { message: 'Not authorized, token failed' },
    }));
    const store = createStore(storedStateSchemas);

    await store.dispatch(productsApi.endpoints.getProducts.initiate({}));

    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.headers.get('Authorization')).toBe('Bearer old-jwt');
    expect(store.getState().account.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('forgets the expired session’s details and orders along with its user info', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    let tokenValid = true;
    mockApi([], (url) => {
      if (!tokenValid) return { status: 401, body: { message: 'Not authorized, token failed' } };
      if (url.pathname === '/api/users/profile')
        return {
          body: {
            _id: 'u1',
            name: 'Layla',
            email: 'layla@example.com',
            isVerified: true,
            createdAt: '2024-01-01T00:00:00.000Z',
          },
        };
      return undefined;
    });
    const store = createStore(storedStateSchemas);
    const cachedDetails = () =>
      Object.entries(store.getState().api.queries)
        .filter(([key]) => key.startsWith('getUserDetails'))
        .map(([, entry]) => entry?.data);
    await store.dispatch(accountsApi.endpoints.getUserDetails.initiate('u1'));
    expect(cachedDetails()).toEqual([expect.objectContaining({ name: 'Layla' })]);

    tokenValid = false;
    await store.dispatch(productsApi.endpoints.getProducts.initiate({}));

    expect(store.getState().account.userInfo).toBeNull();
    expect(cachedDetails()).toEqual([]);
  });

  it('ends only the session whose token failed, not a newer one', async () => {
    // A request sent with an older token (the logout's own call, or one under way when the
    // shopper logged out and in again) answers 'token failed': the new session stays.
    localStorage.setItem('userInfo', JSON.stringify({ ...userInfo, token: 'new-jwt' }));
    const fetchMock = mockApi([], (_url, request) =>
      request.headers.get('Authorization') === 'Bearer new-jwt'
        ? undefined
        : { status: 401, body: { message: 'Not authorized, token failed' } },
    );
    const store = createStore(storedStateSchemas);
    await store.dispatch(productsApi.endpoints.getProducts.initiate({}));
    expect(store.getState().api.queries).not.toEqual({});

    const result = await store.dispatch(logoutApi.endpoints.logout.initiate('old-jwt'));

    expect(result.error).toMatchObject({ status: 401 });
    const sent = fetchMock.mock.calls.at(-1)?.[0] as Request;
    expect(sent.headers.get('Authorization')).toBe('Bearer old-jwt');
    expect(store.getState().account.userInfo?.token).toBe('new-jwt');
    expect(store.getState().api.queries).not.toEqual({});
  });

  it('keeps the user signed in on other failures', async () => {
    localStorage.setItem('userInfo', JSON.stringify(userInfo));
    mockApi([], () => ({ status: 500, body: { message: 'Something broke' } }));
    const store = createStore(storedStateSchemas);
    await store.dispatch(productsApi.endpoints.getProducts.initiate({}));
    expect(store.getState().account.userInfo).toEqual(userInfo);
  });

  it('turns an answer that breaks the contract into an error', async () => {
    mockApi([], () => ({ body: { products: 'nope' } }));
    const store = createStore(storedStateSchemas);
    const result = await store.dispatch(productsApi.endpoints.getProducts.initiate({}));
    expect(result.error).toBeDefined();
    expect(result.data).toBeUndefined();
  });
});
