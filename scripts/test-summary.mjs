// Prints one closing line for the whole run, e.g. "tests: 142 passed, 0 failed".
// Arguments: the vitest JSON report, then any number of Playwright JSON reports.
import { readFileSync } from "node:fs";

const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
const v = JSON.parse(readFileSync(vitestFile, "utf8"));
let passed = v.numPassedTests;
let failed = v.numFailedTests;
let skipped = v.numPendingTests + v.numTodoTests;
const parts = [`vitest: ${v.numPassedTests} passed`];
for (const file of playwrightFiles) {
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
  parts.push(`${file.replace(/^.*\//, "").replace(".json", "")}: ${stats.expected} passed`);
}
console.log(parts.join(" · "));
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
