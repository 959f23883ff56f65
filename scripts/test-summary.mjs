// Prints one closing line for the whole run, e.g. "tests: 142 passed, 0 failed".
import { readFileSync } from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const v = JSON.parse(readFileSync(vitestFile, "utf8"));
const p = JSON.parse(readFileSync(playwrightFile, "utf8"));
const passed = v.numPassedTests + p.stats.expected;
const failed = v.numFailedTests + p.stats.unexpected + p.stats.flaky;
const skipped = v.numPendingTests + v.numTodoTests + p.stats.skipped;
console.log(`vitest: ${v.numPassedTests} passed · playwright: ${p.stats.expected} passed`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
