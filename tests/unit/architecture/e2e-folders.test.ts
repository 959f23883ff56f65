// Every folder of end-to-end specs is run by a Playwright project: a feature's folder is named in
// playwright.config.ts's FEATURES (the `ui` project's walk-throughs), or has a project of its own
// (api/). A folder that matches none is never run, and its specs pass by not running.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const E2E = "tests/e2e";
const OWN_PROJECT = ["api"];

test("each folder of specs under tests/e2e/ is one Playwright runs", () => {
  const config = readFileSync("playwright.config.ts", "utf8");
  const list = /const FEATURES = \[([^\]]*)\]/.exec(config)?.[1] ?? "";
  const features = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  expect(features.length).toBeGreaterThan(10);
  const folders = readdirSync(E2E, { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(path.join(E2E, d.name)).some((f) => f.endsWith(".spec.ts")))
    .map((d) => d.name);
  expect(folders).toContain("home");
  expect(folders.filter((f) => !features.includes(f) && !OWN_PROJECT.includes(f))).toEqual([]);
});
