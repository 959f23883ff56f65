// ── 3. JavaScript per page, and 4. Lighthouse ──
// JavaScript per page against its kind's target (scripts/bench/js.ts); Lighthouse's mobile
// performance on every page (median of 5 runs, with the CPU slowdown calibrated to the machine)
// and its accessibility score in light and dark, with the server and Chromium pinned to separate
// cores, beside a plain Next.js page as the framework's floor.
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JS_PAGES, measureJs, payLinkToken, printJs } from "./js";
import { printDetail } from "./lighthouse-detail";
import { type LighthouseKind, type Metrics, printTargets, type Row } from "./lighthouse-targets";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { formBody, idem, median, startStub, withDashboard, withForwarder } from "./shared";

/** The pages to measure: every page, or those `--pages` names (paths as JS_PAGES writes them). */
function selected(only?: string[]) {
  if (!only) return JS_PAGES;
  const unknown = only.filter((p) => !JS_PAGES.some((page) => page.path === p));
  if (unknown.length) throw new Error(`--pages: not a measured page: ${unknown.join(", ")}`);
  return JS_PAGES.filter((page) => only.includes(page.path));
}

export async function js(only?: string[]): Promise<void> {
  const stub = await startStub();
  try {
    // The budget is the database's: on BENCH_DATABASE_URL the parts before have filled the
    // default minute's 1,000 places, so each part allows as many as the overhead part does.
    await withForwarder(3419, stub.url, (reference) =>
      withDashboard(3415, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
        const { sizes, floors } = await measureJs(app.base, app.cookie, reference, selected(only));
        console.log("\n3. JavaScript per page (gzip of every script Chromium loads for the page), beside floors measured in this run");
        printJs(sizes, floors);
      }),
    );
  } finally {
    await stub.close();
  }
}

const PERF_RUNS = 5;
/** Runs of the sign-in page that measure this machine's benchmark index, before the audits. */
const CALIBRATION_RUNS = 3;
/** The cores: the server on one, Chromium on the other (where the machine has two). */
const CORES = os.cpus().length >= 2 ? { server: "1", browser: "0" } : null;
/** The floors, in the same run (./lighthouse-targets.ts): a plain Next.js page of one form built once, */
const REFERENCE = "reference: plain Next.js sign-in";
/** and the same with react-hook-form and zod/mini (scripts/bench/reference-app/app/ref/form). */
const REFERENCE_FORM = "reference: plain Next.js form";
const kindOf = (page: string): LighthouseKind | null =>
  page === REFERENCE || page === REFERENCE_FORM ? null : (JS_PAGES.find((p) => p.path === page)?.lighthouse ?? "form");

/**
 * The CPU slowdown that makes this machine the phone Lighthouse's mobile default means.
 * Lighthouse slows the CPU 4× whatever the machine, which turns a desktop with a benchmark index
 * of about 1,533 into its mid-tier phone; a slower machine becomes a slower phone, and every
 * page's blocking time grows with it (this machine's cores scored 611–1,983 from one run to the
 * next; at 4× the same build scored 73–79 where a faster machine had scored 92–98, and the plain
 * Next.js page 89). Lighthouse's throttling guide
 * (docs/throttling.md, "Calibrating the CPU slowdown") says to calibrate, with the calculator it
 * links to (lighthouse-cpu-throttling-calculator): 150 → 1×, 800 → 2×, 1,300 → 3×, then one more
 * for each 233 (1,533 → 4×, 2,000 → 6×), linear in between.
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/**
 * What `--block` can hold back from every page measured, as Lighthouse's blockedUrlPatterns: the
 * stylesheets, or the script files (the inline ones, the RSC payload among them, still run). A
 * page measured so says what its HTML and its first layout cost, and what its scripts do; the
 * targets are for the page as it is, so a blocked run prints its figures without PASS or FAIL.
 */
export const BLOCKABLE = {
  css: { patterns: ["*.css"], what: "stylesheets" },
  js: { patterns: ["*.js"], what: "script files" },
} as const;
export type Blockable = keyof typeof BLOCKABLE;
export const isBlockable = (b: string): b is Blockable => Object.hasOwn(BLOCKABLE, b);

export async function lighthouseScores(only?: string[], fixedSlowdown?: number, block: Blockable[] = []): Promise<void> {
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
    // Beside them, the reference app's sign-in page (scripts/bench/reference-app/app/ref/login): a
    // plain Next.js page of one form built once, the framework and nothing else — what any page
    // of this stack scores on this machine at best.
    await withForwarder(
      3418,
      stub.url,
      (forwarder) =>
        withDashboard(
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
            const token = await payLinkToken(app.base, app.cookie);
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
            // Lighthouse's own measure of this machine's CPU, read on every run (higher is faster).
            const benchmarkIndexes: number[] = [];
            let cpuSlowdownMultiplier = fixedSlowdown ?? 4;
            let calibratedOn = Number.NaN;
            const audit = async (port: number, page: string, categories: string[]) => {
              const url =
                page === REFERENCE
                  ? `${forwarder}/ref/login`
                  : page === REFERENCE_FORM
                    ? `${forwarder}/ref/form`
                    : `${app.base}${page.replace("{id}", id).replace("{token}", token)}`;
              const result = await lighthouse(url, {
                port,
                output: "json",
                logLevel: "error",
                onlyCategories: categories,
                throttling: { cpuSlowdownMultiplier },
                blockedUrlPatterns: block.flatMap((b) => BLOCKABLE[b].patterns),
                // The sign-in page is for the signed-out (a member is sent on to their home page).
                // So is the pay page: customers open it without one.
                extraHeaders:
                  page === "/sign-in" || page.startsWith("/pay/") || page === REFERENCE || page === REFERENCE_FORM
                    ? {}
                    : { Cookie: app.cookie },
              });
              const { categories: cats, audits, environment } = result!.lhr;
              benchmarkIndexes.push(environment.benchmarkIndex);
              const value = (key: string) => audits[key]?.numericValue ?? Number.NaN;
              if (process.env.BENCH_LH_DETAIL) printDetail(page, audits);
              return {
                perf: Math.round((cats.performance?.score ?? 0) * 100),
                a11y: Math.round((cats.accessibility?.score ?? 0) * 100),
                // What the score is made of, so that a page that misses says where.
                metrics: {
                  fcp: value("first-contentful-paint"),
                  lcp: value("largest-contentful-paint"),
                  tbt: value("total-blocking-time"),
                  si: value("speed-index"),
                  cls: value("cumulative-layout-shift"),
                },
              };
            };
            const rows: Row[] = [];
            const medianOf = (runs: Metrics[]) =>
              Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k as keyof Metrics]))])) as Metrics;
            try {
              await scheme("light");
              const light = await launch(false);
              try {
                if (fixedSlowdown === undefined) {
                  for (let i = 0; i < CALIBRATION_RUNS; i++) await audit(light.port, "/sign-in", ["performance"]);
                  calibratedOn = median(benchmarkIndexes);
                  cpuSlowdownMultiplier = cpuSlowdownFor(calibratedOn);
                }
                // Round by round, every page once a round, floors first: this machine's speed drifts
                // over a run (Lighthouse's index moved 1,069–2,456 within one run on 2026-12-06), and
                // pages measured one after the other would each carry the drift of their own minutes
                // against floors measured at the start. So every page's median spans the whole run.
                const pages = [REFERENCE, REFERENCE_FORM, ...selected(only).map((p) => p.path)];
                const runsOf = new Map(pages.map((page) => [page, [] as Awaited<ReturnType<typeof audit>>[]]));
                for (let i = 0; i < PERF_RUNS; i++) {
                  for (const page of pages) runsOf.get(page)!.push(await audit(light.port, page, ["performance", "accessibility"]));
                }
                for (const page of pages) {
                  const runs = runsOf.get(page)!;
                  rows.push({
                    page,
                    perf: runs.map((r) => r.perf),
                    metrics: medianOf(runs.map((r) => r.metrics)),
                    light: median(runs.map((r) => r.a11y)),
                    dark: 0,
                  });
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
              `\n4. Lighthouse, mobile (simulated throttling): performance, median of ${PERF_RUNS} rounds (every page once a round); ` +
                `accessibility in light and dark; a fresh PGlite database with 20 charges${CORES ? `; server on core ${CORES.server}, Chromium on core ${CORES.browser}` : ""}; ` +
                `CPU slowdown ${cpuSlowdownMultiplier.toFixed(2)}× ` +
                (fixedSlowdown === undefined
                  ? `for this machine's benchmark index of ${calibratedOn.toFixed(0)} (median of ${CALIBRATION_RUNS} runs first; Lighthouse's default 4× is meant for about 1,533)`
                  : "(as asked)") +
                `; the index over every run: ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}` +
                (block.length ? `; every page without its ${block.map((b) => BLOCKABLE[b].what).join(" and ")}` : ""),
            );
            const floor = (page: string) => rows.find((r) => r.page === page)!;
            printTargets(rows, { list: floor(REFERENCE), form: floor(REFERENCE_FORM) }, kindOf, block.length === 0);
          },
          CORES?.server,
        ),
      CORES?.server,
    );
  } finally {
    await stub.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
