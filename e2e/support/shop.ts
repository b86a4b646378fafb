import { expect } from '@playwright/test';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { linkPath, waitForMail } from './mailbox';

/** Shopping steps the browser tests share: customers, guests' orders, stock as the API reports it. */

/** The parts of GET /api/products/:id these tests read. */
export interface ApiProduct {
  _id: string;
  /** The product's address: /products/<handle>. */
  handle: string;
  name: string;
  /** In dollars. */
  price: number;
  /** The main picture's path. */
  image: string;
  hasSize: boolean;
  hasAandB: boolean;
  countInStock: {
    total: number;
    countA: number;
    countB: number;
    smallMed: number;
    large: number;
    xlarge: number;
  };
}

export const PASSWORD = 'Sadu-Sands-2024!';
/** A delivery address as a shopper types and picks it (state and country by their names). */
export const ADDRESS = {
  fullName: 'Maya Haddad',
  phone: '(312) 555-0100',
  address: '12 Dune Road',
  city: 'Chicago',
  state: 'Illinois',
  postalCode: '60601',
  country: 'United States of America',
};

/** Fills the checkout's address form (guest or signed in): the recipient, then the address. */
export async function fillAddress(page: Page, address = ADDRESS) {
  await page.getByLabel('Full name').fill(address.fullName);
  await page.getByLabel('Phone (optional)').fill(address.phone);
  await page.getByLabel('Country').selectOption({ label: address.country });
  await page.getByLabel('Address', { exact: true }).fill(address.address);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').selectOption({ label: address.state });
  await page.getByLabel('Postal code').fill(address.postalCode);
}

/** An address no other test (or project, or run) uses. */
export function uniqueEmail(testInfo: TestInfo, what: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${what}-${testInfo.project.name}-${nonce}@example.com`;
}

/** A category's products of the sample catalog, asked of the API rather than hard-coded. */
export async function productsOf(
  request: APIRequestContext,
  category: string,
): Promise<ApiProduct[]> {
  const response = await request.get(`/api/products?category=${category}`);
  expect(response.ok()).toBe(true);
  // The sample catalog's (their photos are its own files): products other specs create in the
  // same server (newest first, without stock, of other shapes) are not what a spec here expects.
  return ((await response.json()) as { products: ApiProduct[] }).products.filter((product) =>
    product.image.startsWith('/images/products/'),
  );
}

export async function stockOf(request: APIRequestContext, id: string) {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as ApiProduct).countInStock;
}

/** Registers through the API and opens the verification link of the mail. */
export async function createVerifiedCustomer(
  request: APIRequestContext,
  email: string,
  name: string,
) {
  const registered = await request.post('/api/users', {
    data: { name, email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const mail = await waitForMail(request, email, /Verify your email/);
  // The mail links the storefront's /verify/:userId/:uniqueString; the API verifies the same pair.
  const verified = await request.get(`/api/users${linkPath(mail, '/verify/')}`);
  expect(verified.ok()).toBe(true);
}

/** Signs in through the API and keeps the user info where the storefront keeps it. */
export async function signInByApi(page: Page, email: string) {
  const response = await page.request.post('/api/users/login', {
    data: { email, password: PASSWORD },
  });
  expect(response.ok()).toBe(true);
  const userInfo: unknown = await response.json();
  await page.goto('/');
  await page.evaluate((info) => localStorage.setItem('userInfo', JSON.stringify(info)), userInfo);
}

/**
 * Buys through the API and the test checkout's Pay form, as a guest with this e-mail; answers the
 * order page's path from the order mail.
 */
export async function buyAsGuest(
  request: APIRequestContext,
  email: string,
  orderItems: { product: string; qty: number; size: string; option: string }[],
): Promise<string> {
  const session = await request.post('/api/orders/guest-checkout-session', {
    data: { orderItems, shippingAddress: ADDRESS, email },
  });
  expect(session.ok()).toBe(true);
  const { url } = (await session.json()) as { url: string };
  const paid = await request.post(`${new URL(url).pathname}/pay`, { form: {} });
  expect(paid.ok()).toBe(true);
  return linkPath(await waitForMail(request, email, /confirmed/), '/order/');
}
