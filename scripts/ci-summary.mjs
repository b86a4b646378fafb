// Reads the JSON reports of the CI run and prints one closing line: 'ci: N passed, N failed, N skipped'.
// In CI a skipped test fails the run: every test must run. So does a flaky test (Playwright's
// 'flaky': failed, then passed on a retry): the retry is kept for its diagnosis (trace, error),
// but the test counts as failed and is named above the closing line.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
const flaky = [];
const brokenFiles = [];
const read = (file) =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : (missing.push(file), null);

/** Every test in a Playwright JSON report, with its title path ('file › describe › title'). */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { title: [...path, spec.title].join(' › '), test };
    }
    yield* playwrightTests(suite.suites, path);
  }
}

for (const file of process.argv.slice(2)) {
  const report = read(file);
  if (!report) continue;
  if ('numPassedTests' in report) {
    // Vitest. Its JSON report says nothing of retries; no project configures any (a test that
    // passes only on a retry would count as passed here, so keep it that way).
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A test file that fails to load has no failed test of its own: count the file.
    for (const result of report.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (result.status === 'failed' && failedTests.length === 0) {
        totals.failed += 1;
        brokenFiles.push(`${result.name}: ${result.message || 'failed'}`);
      }
    }
  } else if (report.stats) {
    // Playwright
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
    for (const { title, test } of playwrightTests(report.suites)) {
      if (test.status === 'flaky') flaky.push(`[${test.projectName}] ${title}`);
    }
    // Errors outside any test (the web server did not start, a test file did not load).
    for (const error of report.errors ?? []) {
      totals.failed += 1;
      brokenFiles.push(`${file}: ${error.message ?? 'error outside a test'}`);
    }
  }
}

for (const file of missing) console.error(`missing test report: ${file}`);
for (const entry of brokenFiles) console.error(`failed to run: ${entry}`);
for (const title of flaky) console.error(`flaky (failed, then passed on retry): ${title}`);
console.log(`ci: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (missing.length || totals.failed || totals.skipped || totals.passed === 0) process.exit(1);
