// ── 3. JavaScript per page, and 4. Lighthouse ──
// JavaScript per page against its kind's target (scripts/bench-js.ts); Lighthouse's mobile
// performance on every page (median of 5 runs) and its accessibility score in light and dark,
// with the server and Chromium pinned to separate cores.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JS_PAGES, measureJs, printJs } from "../bench-js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { formBody, idem, median, startStub, withDashboard } from "./shared";

export async function js(): Promise<void> {
  const stub = await startStub();
  try {
    // The budget is the database's: on BENCH_DATABASE_URL the parts before have filled the
    // default minute's 1,000 places, so each part allows as many as the overhead part does.
    await withDashboard(3415, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
      const sizes = await measureJs(app.base, app.cookie);
      console.log("\n3. JavaScript per page (gzip of every script Chromium loads for the page)");
      printJs(sizes);
    });
  } finally {
    await stub.close();
  }
}

const PERF_RUNS = 5;
const PERF_TARGET = 95;
/** The cores: the server on one, Chromium on the other (where the machine has two). */
const CORES = os.cpus().length >= 2 ? { server: "1", browser: "0" } : null;

export async function lighthouseScores(): Promise<void> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const stub = await startStub();
  // Chromium under taskset: a launcher script, as chrome-launcher runs a path.
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-lighthouse-"));
  const chromePath = CORES ? path.join(dir, "chromium") : CHROMIUM_PATH;
  if (CORES) {
    await writeFile(chromePath, `#!/bin/sh\nexec taskset -c ${CORES.browser} ${CHROMIUM_PATH} "$@"\n`);
    await chmod(chromePath, 0o755);
  }
  try {
    // On a database of its own (a fresh PGlite, as a first visit finds it, with the 20 charges
    // below): the pages then show what a business has, not what the other parts and earlier runs
    // left on BENCH_DATABASE_URL (the members part leaves a team of hundreds).
    await withDashboard(
      3416,
      { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000", DATABASE_URL: "" },
      async (app) => {
        // A few charges, so the lists have rows.
        let id = "";
        for (let i = 0; i < 20; i++) {
          const res = await fetch(`${app.base}/api/charges`, {
            method: "POST",
            headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
            body: formBody(),
          });
          id = ((await res.json()) as { charge: { id: string } }).charge.id;
        }
        const scheme = (theme: "light" | "dark") =>
          fetch(`${app.base}/api/profile/theme`, {
            method: "PUT",
            headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json" },
            body: JSON.stringify({ theme }),
          });
        const launch = (dark: boolean) =>
          chromeLauncher.launch({
            chromePath,
            // A device in dark mode (prefers-color-scheme: dark), for the signed-out sign-in page.
            chromeFlags: ["--headless=new", ...CHROMIUM_ARGS, ...(dark ? ["--force-dark-mode"] : [])],
          });
        const audit = async (port: number, page: string, categories: string[]) => {
          const result = await lighthouse(`${app.base}${page.replace("{id}", id)}`, {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: categories,
            // The sign-in page is for the signed-out (a member is sent on to their home page).
            extraHeaders: page === "/sign-in" ? {} : { Cookie: app.cookie },
          });
          const cats = result!.lhr.categories;
          return { perf: Math.round((cats.performance?.score ?? 0) * 100), a11y: Math.round((cats.accessibility?.score ?? 0) * 100) };
        };
        const rows: { page: string; perf: number[]; light: number; dark: number }[] = [];
        try {
          await scheme("light");
          const light = await launch(false);
          try {
            for (const { path: page } of JS_PAGES) {
              const runs = [];
              for (let i = 0; i < PERF_RUNS; i++) runs.push(await audit(light.port, page, ["performance", "accessibility"]));
              rows.push({ page, perf: runs.map((r) => r.perf), light: median(runs.map((r) => r.a11y)), dark: 0 });
            }
          } finally {
            light.kill();
          }
          // Accessibility does not vary run to run: once each in the member's dark scheme.
          await scheme("dark");
          const dark = await launch(true);
          try {
            for (const row of rows) row.dark = (await audit(dark.port, row.page, ["accessibility"])).a11y;
          } finally {
            dark.kill();
          }
        } finally {
          await scheme("light");
        }
        console.log(
          `\n4. Lighthouse, mobile (simulated throttling): performance, median of ${PERF_RUNS} runs; ` +
            `accessibility in light and dark; a fresh PGlite database with 20 charges${CORES ? `; server on core ${CORES.server}, Chromium on core ${CORES.browser}` : ""}`,
        );
        console.log("| page | performance (runs) | accessibility light / dark | target |\n|---|---|---|---|");
        for (const r of rows) {
          const p = median(r.perf);
          const pass = p >= PERF_TARGET && r.light === 100 && r.dark === 100;
          console.log(
            `| ${r.page} | ${p} (${r.perf.join(", ")}) | ${r.light} / ${r.dark} | ${pass ? "PASS" : "FAIL"} (≥ ${PERF_TARGET}; 100 / 100) |`,
          );
        }
      },
      CORES?.server,
    );
  } finally {
    await stub.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
