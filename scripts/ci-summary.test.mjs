// The CI summary on fabricated reports: a flaky Playwright test fails the run and is named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./ci-summary.mjs', import.meta.url));
let dir = '';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ci-summary-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function summarize(reports) {
  const files = Object.entries(reports).map(([name, report]) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(report));
    return file;
  });
  const run = spawnSync(process.execPath, [script, ...files], { encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout.trim(), stderr: run.stderr };
}

const result = (status, retry = 0) => ({ status, retry, errors: [] });
const test = (status, results) => ({ projectName: 'desktop', status, results });

function playwrightReport({ expected = 0, unexpected = 0, flaky = 0, skipped = 0 }, specs) {
  return {
    config: {},
    errors: [],
    stats: {
      startTime: '2026-01-01T00:00:00.000Z',
      duration: 1,
      expected,
      unexpected,
      flaky,
      skipped,
    },
    suites: [
      {
        title: 'storefront/shopping.spec.ts',
        file: 'storefront/shopping.spec.ts',
        specs: [],
        suites: [{ title: 'header', file: 'storefront/shopping.spec.ts', specs }],
      },
    ],
  };
}

const vitestReport = (counts, testResults = []) => ({
  numPassedTests: 0,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults,
  ...counts,
});

describe('ci-summary', () => {
  it('passes a run where every test passed at its first attempt', () => {
    const run = summarize({
      'unit.json': vitestReport({ numPassedTests: 3 }),
      'e2e.json': playwrightReport({ expected: 2 }, [
        { title: 'opens', tests: [test('expected', [result('passed')])] },
        { title: 'closes', tests: [test('expected', [result('passed')])] },
      ]),
    });
    expect(run.stdout).toBe('ci: 5 passed, 0 failed, 0 skipped');
    expect(run.status).toBe(0);
  });

  it('fails a run with a flaky Playwright test, counts it failed and names it', () => {
    const run = summarize({
      'unit.json': vitestReport({ numPassedTests: 3 }),
      'e2e.json': playwrightReport({ expected: 1, flaky: 1 }, [
        { title: 'opens', tests: [test('expected', [result('passed')])] },
        {
          title: 'the desktop category menus work from the keyboard',
          tests: [test('flaky', [result('failed'), result('passed', 1)])],
        },
      ]),
    });
    expect(run.stdout).toBe('ci: 4 passed, 1 failed, 0 skipped');
    expect(run.stderr).toContain(
      'flaky (failed, then passed on retry): [desktop] storefront/shopping.spec.ts › header › the desktop category menus work from the keyboard',
    );
    expect(run.status).toBe(1);
  });

  it('fails a run with a skipped test, a failed test or a missing report', () => {
    expect(
      summarize({ 'unit.json': vitestReport({ numPassedTests: 1, numPendingTests: 1 }) }),
    ).toMatchObject({ status: 1, stdout: 'ci: 1 passed, 0 failed, 1 skipped' });
    expect(
      summarize({ 'unit.json': vitestReport({ numPassedTests: 1, numFailedTests: 1 }) }),
    ).toMatchObject({ status: 1, stdout: 'ci: 1 passed, 1 failed, 0 skipped' });
    const run = spawnSync(process.execPath, [script, path.join(dir, 'absent.json')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('missing test report');
  });

  it('fails a run where a Vitest file failed to load (no failed test of its own)', () => {
    const run = summarize({
      'unit.json': vitestReport({ numPassedTests: 2 }, [
        {
          name: '/repo/a.test.ts',
          status: 'failed',
          message: 'Cannot find module',
          assertionResults: [],
        },
      ]),
    });
    expect(run.stdout).toBe('ci: 2 passed, 1 failed, 0 skipped');
    expect(run.stderr).toContain('failed to run: /repo/a.test.ts: Cannot find module');
    expect(run.status).toBe(1);
  });

  it('fails a Playwright run with an error outside any test', () => {
    const report = playwrightReport({ expected: 1 }, [
      { title: 'opens', tests: [test('expected', [result('passed')])] },
    ]);
    report.errors = [{ message: 'Timed out waiting 120000ms from config.webServer.' }];
    const run = summarize({ 'e2e.json': report });
    expect(run.stdout).toBe('ci: 1 passed, 1 failed, 0 skipped');
    expect(run.status).toBe(1);
  });
});
