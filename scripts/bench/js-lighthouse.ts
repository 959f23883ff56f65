// ── 4. JavaScript per page, and Lighthouse ──
// JavaScript per page (scripts/bench-js.ts); mobile performance and accessibility of the
// charge and history pages.
import { JS_TARGET_KB, measureJs } from "../bench-js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { formBody, idem, median, startStub, withDashboard } from "./shared";

export async function js(): Promise<void> {
  const stub = await startStub();
  try {
    await withDashboard(3415, { MOMO_BASE_URL: stub.url }, async (app) => {
      const sizes = await measureJs(app.base, app.cookie);
      console.log(`\n4a. JavaScript per page (gzip of every script Chromium loads for the page; target ≤ ${JS_TARGET_KB} kB)`);
      console.log("| page | scripts | kB gzip | |\n|---|---|---|---|");
      for (const s of sizes) console.log(`| ${s.path} | ${s.scripts} | ${s.kb.toFixed(1)} | ${s.kb <= JS_TARGET_KB ? "PASS" : "FAIL"} |`);
    });
  } finally {
    await stub.close();
  }
}

export async function lighthouseScores(): Promise<void> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const stub = await startStub();
  try {
    await withDashboard(3416, { MOMO_BASE_URL: stub.url }, async (app) => {
      // A few charges, so the history page has rows.
      for (let i = 0; i < 20; i++)
        await fetch(`${app.base}/api/charges`, {
          method: "POST",
          headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
          body: formBody(),
        });
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
      });
      try {
        console.log("\n4b. Lighthouse (mobile, simulated throttling), median of 3 runs");
        console.log("| page | performance | accessibility | target |\n|---|---|---|---|");
        for (const page of ["/charges/new", "/transactions"]) {
          const perf: number[] = [];
          const a11y: number[] = [];
          for (let i = 0; i < 3; i++) {
            const result = await lighthouse(`${app.base}${page}`, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance", "accessibility"],
              extraHeaders: { Cookie: app.cookie },
            });
            const cats = result!.lhr.categories;
            perf.push(Math.round((cats.performance.score ?? 0) * 100));
            a11y.push(Math.round((cats.accessibility.score ?? 0) * 100));
          }
          const p = median(perf);
          const a = median(a11y);
          console.log(`| ${page} | ${p} (${perf.join(", ")}) | ${a} | ${p >= 98 && a === 100 ? "PASS" : "FAIL"} (≥ 98, 100) |`);
        }
      } finally {
        chrome.kill();
      }
    });
  } finally {
    await stub.close();
  }
}
