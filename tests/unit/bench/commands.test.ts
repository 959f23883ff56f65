// `npm run bench` and `npm run bench:batch` (docs/benchmarks.md) print figures over minutes and are
// run by hand; here each starts as documented — its imports load as the command loads them, where
// a server-only module once stopped `npm run bench` — and refuses a wrong option, naming it. Side by
// side: each is a cold start of tsx and its imports.
import { execFile } from "node:child_process";
import { expect, test } from "vitest";

function npmRun(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile("npm", ["run", "--silent", ...args], (error, _out, stderr) =>
      resolve({ code: error ? (child.exitCode ?? 1) : 0, stderr }),
    );
  });
}

test.concurrent("npm run bench starts and refuses a part it does not have", { timeout: 60_000 }, async () => {
  const { code, stderr } = await npmRun("bench", "--", "--only", "memory,speed");
  expect(code).not.toBe(0);
  expect(stderr).toMatch(/--only: speed is not a part; the parts are overhead,.*,memory/);
});

test.concurrent("npm run bench refuses to block what it cannot, naming what it can", { timeout: 60_000 }, async () => {
  const { code, stderr } = await npmRun("bench", "--", "--only", "lighthouse", "--block", "css,fonts");
  expect(code).not.toBe(0);
  expect(stderr).toMatch(/--block: fonts cannot be blocked; what can: css,js/);
});

test.concurrent("npm run bench:batch starts and refuses rows that are not a whole number", { timeout: 60_000 }, async () => {
  const { code, stderr } = await npmRun("bench:batch", "--", "--rows", "many");
  expect(code).not.toBe(0);
  expect(stderr).toMatch(/--rows and --limit: whole numbers from 1/);
});
