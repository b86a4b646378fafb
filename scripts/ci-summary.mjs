// Reads the JSON reports of the CI run and prints one closing line: 'ci: N passed, N failed, N skipped'.
// In CI a skipped test fails the run: every test must run.
import { existsSync, readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
const read = (file) =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : (missing.push(file), null);

for (const file of process.argv.slice(2)) {
  const report = read(file);
  if (!report) continue;
  if ('numPassedTests' in report) {
    // Vitest
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    // Playwright
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  }
}

for (const file of missing) console.error(`missing test report: ${file}`);
console.log(`ci: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (missing.length || totals.failed || totals.skipped || totals.passed === 0) process.exit(1);
