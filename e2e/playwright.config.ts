import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Where e2e/serve.mjs lists the mail it received (support/mailbox.ts reads the same variables).
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? PORT + 1);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  // The machine has no outside network: keep Chromium from reaching for it.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The gate's machines differ: the same suite took 12.5 min on one and 39.7 on another, where
  // tests that take 13 s here ran out of 30. The limits are for a test that hangs, not a pace.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]]
    : [['list']],
  outputDir: '../test-results/playwright',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      // Tests of one layout's own controls run at that width only (filtered, never skipped).
      grepInvert: /@mobile-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: {
    // The production build, on a fresh embedded database with the sample catalog.
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), E2E_MAIL_PORT: String(MAIL_PORT) },
  },
});
