import { vi } from 'vitest';

export type AccountCall = {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
};
type Reply = { status?: number; body: unknown; headers?: Record<string, string> };
type Handler = (call: AccountCall) => Reply | undefined;

export const signedInUser = {
  _id: 'u1',
  name: 'Layla',
  email: 'layla@example.com',
  role: 'customer' as const,
  token: 'jwt-1',
  createdAt: '2024-01-01T00:00:00.000Z',
};

/** GET /api/users/profile of the signed-in user. */
export const signedInProfile = {
  _id: signedInUser._id,
  name: signedInUser.name,
  email: signedInUser.email,
  isVerified: true,
  createdAt: signedInUser.createdAt,
};

/**
 * Stands in for the API in the account pages' tests: `handler` answers what it knows, the
 * catalog calls a page around them makes get empty answers, anything else 404. Every call is
 * recorded (with its parsed JSON body) in `calls`.
 */
export function mockAccountApi(handler: Handler) {
  const calls: AccountCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    const text = await request.text();
    const call: AccountCall = {
      method: request.method,
      path: url.pathname,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    };
    calls.push(call);
    const reply: Reply =
      handler(call) ??
      (url.pathname === '/api/products'
        ? { body: { products: [], page: 1, pages: 1 } }
        : url.pathname === '/api/config/shop'
          ? { body: { name: 'Sadu Sands', supportEmail: 'help@sadusands.example' } }
          : { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
