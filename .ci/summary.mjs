// Prints one plain closing line, `N passed, N failed, N skipped`, from the runners' JSON reports.
import fs from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0;
const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);

// npm test's two vitest runs: the main projects, and the CUPS tests after the browser tests.
for (const file of ['test-results/vitest.json', 'test-results/vitest-cups.json']) {
  const vitest = read(file);
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const playwright = read('test-results/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
