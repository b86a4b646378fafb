import { expect, test } from '../support/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { watchConsole } from '../support/page-checks';

const PASSWORD = 'Sand-Dune1';

// Security finding 11: '/login?redirect=/..//evil.example/x' ended on the router's error page
// (the path resolved to '//evil.example/x'). Any target that is not a path of ours goes home.
test('signing in with a redirect off our site lands on our home page', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const problems = watchConsole(page);
  const ours = new URL(baseURL ?? '').origin;
  const offSite: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).origin !== ours) offSite.push(sent.url());
  });

  // A verified account, made through the API.
  const email = `redirect-${testInfo.project.name}-${Date.now()}-${testInfo.retry}@example.com`;
  const registered = await request.post('/api/users', {
    data: { name: 'Rana', email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const verifyPath = linkPath(await waitForMail(request, email, /Verify your email/), '/verify/');
  const verified = await request.get(`/api/users${verifyPath}`);
  expect(verified.status()).toBe(200);

  await page.goto('/login?redirect=/..//evil.example/x');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ours}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

  // Signed in already, the login page sends a visitor straight on: home again.
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
  await expect(page).toHaveURL(`${ours}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'EXPLORE OUR SELF LOVE COLLECTION' }),
  ).toBeVisible();

  expect(offSite).toEqual([]);
  expect(problems).toEqual([]);
});
