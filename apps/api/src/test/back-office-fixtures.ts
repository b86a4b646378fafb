import { adminProductSchema } from '@shop/shared/admin-catalog';
import type { VariantWrite } from '@shop/shared/admin-variants';
import type { UserRole } from '@shop/shared/roles';
import { BACK_OFFICE_SESSION_MS } from '@shop/shared/back-office';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { resolveJwtSecret } from '../lib/jwt-secret';
import { insertSession } from '../modules/accounts/repository';
import { readSessionToken, signSessionToken } from '../modules/accounts/tokens';
import { addVerifiedCustomer } from './fixtures';
import type { TestApp } from './test-app';

let counter = 0;

/**
 * A signed-in staff member or owner. `loginToken` is their ordinary sign-in; `token` is a
 * back-office token opened from it, as POST /api/admin/session opens one after the second
 * factor (that call has its own tests; the others start from here).
 */
export async function addBackOfficeUser(
  t: TestApp,
  role: Exclude<UserRole, 'customer'>,
  person: { name?: string; email?: string; password?: string } = {},
): Promise<{ id: string; email: string; name: string; loginToken: string; token: string }> {
  counter += 1;
  const name = person.name ?? `${role === 'owner' ? 'Owner' : 'Staff'} ${counter}`;
  const email = person.email ?? `${role}-${counter}-${Date.now()}@shop.test`;
  const login = await addVerifiedCustomer(t.app, t.database.db, {
    name,
    email,
    ...(person.password ? { password: person.password } : {}),
  });
  await t.database.db.update(users).set({ role }).where(eq(users.id, login.id));
  const token = await openBackOfficeSession(t, login.token);
  return { id: login.id, email, name, loginToken: login.token, token };
}

/** A back-office token for a login token, as if its second factor had just been proved. */
export async function openBackOfficeSession(t: TestApp, loginToken: string): Promise<string> {
  const secret = resolveJwtSecret(t.env);
  const claims = await readSessionToken(secret, loginToken);
  if (!claims) throw new Error('not a valid login token');
  const expiresAt = new Date(Date.now() + BACK_OFFICE_SESSION_MS);
  const sessionId = await insertSession(t.database.db, claims.userId, expiresAt, claims.sessionId);
  return signSessionToken(secret, { ...claims, sessionId }, expiresAt);
}

/** A variant as the back office writes it: these option values, nothing of its own but `fields`. */
export const variantWrite = (
  options: string[],
  fields: Partial<VariantWrite> = {},
): VariantWrite => ({
  options,
  sku: null,
  price: null,
  compareAtPrice: null,
  barcode: null,
  weightGrams: null,
  ...fields,
});

/**
 * A published tee written by the back office as staff would: created, then given these options
 * and one variant per combination listed (values in the options' order), none in stock. Answers
 * its id and its variants as the back office answered them.
 */
export async function addPublishedProductWithVariants(
  t: TestApp,
  token: string,
  product: {
    name: string;
    price: number;
    options: Readonly<Record<string, readonly string[]>>;
    combos: readonly string[][];
  },
): Promise<{ id: string; variants: { _id: string; options: string[] }[] }> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers,
    payload: {
      name: product.name,
      description: '<p>Soft.</p>',
      price: product.price,
      category: 'selflove_men_tshirts',
      hasSize: false,
      hasAandB: false,
      status: 'published',
    },
  });
  if (created.statusCode !== 201) throw new Error(`create ${product.name}: ${created.body}`);
  const id = adminProductSchema.parse(created.json())._id;
  const written = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${id}/variants`,
    headers,
    payload: {
      options: Object.entries(product.options).map(([name, values]) => ({ name, values })),
      variants: product.combos.map((combo) => variantWrite(combo)),
    },
  });
  if (written.statusCode !== 200) throw new Error(`variants of ${product.name}: ${written.body}`);
  return {
    id,
    variants: written.json<{ variants: { _id: string; options: string[] }[] }>().variants,
  };
}
