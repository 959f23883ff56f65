// The end of `npm test` (scripts/test.sh): how long each phase took, the ten slowest test files
// (vitest files and Playwright spec files of each pass, by the time their tests ran), and one
// closing line for the whole run, e.g. "tests: 142 passed, 0 failed". Reads .test-reports/:
// phases.tsv (name, seconds, exit code; written by test.sh), vitest.json and playwright*.json,
// whichever exist (a run that stopped early has fewer). Exits 1 when a test or a phase failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";

const DIR = ".test-reports";
const read = (name) => JSON.parse(readFileSync(`${DIR}/${name}`, "utf8"));
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

const phases = existsSync(`${DIR}/phases.tsv`)
  ? readFileSync(`${DIR}/phases.tsv`, "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [name, seconds, code] = line.split("\t");
        return { name, seconds: Number(seconds), code: Number(code) };
      })
  : [];

let passed = 0;
let failed = 0;
let skipped = 0;
const counts = [];
const files = [];
// Each failed (or flaky: failed, then passed on a retry) test with the first line of its error, printed
// last, so the tail of a CI log says which test it was without the whole log.
const failures = [];
const firstLine = (text) =>
  (text ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((l) => l.trim()) ?? "";

if (existsSync(`${DIR}/vitest.json`)) {
  const v = read("vitest.json");
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
  counts.push(`vitest: ${v.numPassedTests} passed`);
  for (const f of v.testResults) {
    const file = f.name.replace(`${process.cwd()}/`, "");
    files.push({ where: "vitest", file, ms: f.endTime - f.startTime });
    for (const t of f.assertionResults ?? [])
      if (t.status === "failed") failures.push(`vitest ${file} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    if (f.status === "failed" && !(f.assertionResults ?? []).some((t) => t.status === "failed"))
      failures.push(`vitest ${file}: ${firstLine(f.message)}`);
  }
}

for (const name of readdirSync(existsSync(DIR) ? DIR : ".").filter((n) => /^playwright.*\.json$/.test(n))) {
  const pass = name.replace(".json", "");
  const report = read(name);
  const { stats } = report;
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
  skipped += stats.skipped;
  counts.push(`${pass}: ${stats.expected} passed`);
  const perFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${spec.file} [${test.projectName}]`;
        perFile.set(key, (perFile.get(key) ?? 0) + test.results.reduce((sum, r) => sum + r.duration, 0));
        if (test.status === "unexpected" || test.status === "flaky") {
          const error = test.results.find((r) => r.status !== "passed" && r.status !== "skipped")?.error;
          failures.push(
            `${pass} [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}${test.status === "flaky" ? " (flaky)" : ""}: ${firstLine(error?.message)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  for (const [file, ms] of perFile) files.push({ where: pass, file: `tests/e2e/${file}`, ms });
}

// "wall" is the whole run (test.sh's own line); the others may have run side by side.
const wall = phases.find((p) => p.name === "wall");
if (phases.length) {
  console.log("\nphase            time   exit");
  for (const p of phases.filter((p) => p !== wall))
    console.log(`${p.name.padEnd(14)} ${String(Math.round(p.seconds)).padStart(5)} s  ${p.code}`);
  if (wall)
    console.log(
      `${"npm test".padEnd(14)} ${String(Math.round(wall.seconds)).padStart(5)} s  (wall time; phases beside each other overlap)`,
    );
}
if (files.length) {
  console.log("\nthe ten slowest test files (the time their tests ran; each Playwright pass runs several at once)");
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${secs(f.ms).padStart(8)}  ${f.where.padEnd(20)} ${f.file}`);
}

const phaseFailed = phases.some((p) => p !== wall && p.code !== 0);
if (failures.length) {
  console.log("\nfailed tests");
  for (const f of failures) console.log(`  ${f.slice(0, 400)}`);
}
console.log(`\n${counts.join(" · ")}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed || phaseFailed ? 1 : 0);
