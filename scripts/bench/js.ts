// JavaScript per page: starts the built app, signs an owner in, opens each page in Chromium and
// adds up the gzip size of every script it loads (zlib's default level, what a server
// typically sends). Prints a table against the targets (JS_TARGETS_KB); exits 1 if a page is over.
//   npm run build && npx tsx scripts/bench/js.ts
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { hasBuild, withApp } from "./history-page";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";

/**
 * The targets (kB gzip): a list or a view of records carries the framework's floor (132.8 kB)
 * and little more; a page whose work is a form may carry the form's checks on top.
 */
export const JS_TARGETS_KB = { list: 136, form: 148 } as const;
export type PageKind = keyof typeof JS_TARGETS_KB;
export const JS_PAGES: { path: string; kind: PageKind }[] = [
  { path: "/sign-in", kind: "form" },
  { path: "/charges/new", kind: "form" },
  { path: "/transactions", kind: "list" },
  { path: "/transactions/{id}", kind: "form" },
  { path: "/reconcile", kind: "list" },
  { path: "/insights", kind: "list" },
  { path: "/account", kind: "list" },
  { path: "/customers", kind: "list" },
  { path: "/customers/new", kind: "form" },
  { path: "/customers/import", kind: "form" },
  { path: "/batches", kind: "list" },
  { path: "/batches/new", kind: "form" },
  { path: "/team", kind: "form" },
  { path: "/audit", kind: "list" },
  { path: "/profile", kind: "form" },
  { path: "/settings", kind: "form" },
];

/** The table `npm run bench` and this script print; true when every page is within its target. */
export function printJs(sizes: JsSize[]): boolean {
  console.log("| page | kind | scripts | kB gzip | target |\n|---|---|---|---|---|");
  let all = true;
  for (const s of sizes) {
    const target = JS_TARGETS_KB[s.kind];
    all &&= s.kb <= target;
    console.log(`| ${s.path} | ${s.kind} | ${s.scripts} | ${s.kb.toFixed(1)} | ${s.kb <= target ? "PASS" : "FAIL"} (≤ ${target}) |`);
  }
  return all;
}

export type JsSize = { path: string; kind: PageKind; scripts: number; kb: number };

/**
 * Opens each page in Chromium (a fresh context each, so nothing is cached) and adds up the
 * gzip size of every script the browser fetched while loading it: the HTML's own script tags
 * and the chunks they load in turn (not the prefetches of linked pages). Scripts marked noModule (polyfills for old browsers) are
 * never fetched by Chromium, so they are not counted.
 */
export async function measureJs(base: string, cookie: string, paths = JS_PAGES): Promise<JsSize[]> {
  const made = await fetch(`${base}/api/charges`, {
    method: "POST",
    headers: { cookie, Origin: base, "Content-Type": "application/json", "Idempotency-Key": `bench_js_${Date.now()}_0001` },
    body: JSON.stringify({
      amount: "1.00",
      currency: "GHS",
      // A number of its own: the same number and amount again within 10 minutes (another run on
      // BENCH_DATABASE_URL) would be a possible duplicate, asked about before charging.
      phoneNumber: `024${String(Date.now() % 10_000_000).padStart(7, "0")}`,
      provider: "mtn",
      vouchers: "",
      description: "js size",
    }),
  });
  const answer = (await made.json()) as { charge?: { id: string } };
  if (!answer.charge) throw new Error(`the charge for /transactions/{id} answered ${made.status}: ${JSON.stringify(answer)}`);
  const id = answer.charge.id;
  const cookies = cookie.split("; ").map((c) => {
    const at = c.indexOf("=");
    return { name: c.slice(0, at), value: c.slice(at + 1), url: base };
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: JsSize[] = [];
  try {
    for (const { path: p, kind } of paths) {
      const context = await browser.newContext();
      if (p !== "/sign-in") await context.addCookies(cookies);
      const page = await context.newPage();
      // Links prefetch the pages they point to once the page is idle; those chunks belong to
      // the other pages, so prefetches are refused here.
      await page.route("**/*", (route) => (route.request().headers()["next-router-prefetch"] ? route.abort() : route.continue()));
      const bodies: Promise<number>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() === "script")
          bodies.push(
            res.body().then(
              (b) => gzipSync(b).length,
              () => 0,
            ),
          );
      });
      const res = await page.goto(`${base}${p.replace("{id}", id)}`, { waitUntil: "networkidle" });
      if (res?.status() !== 200) throw new Error(`${p} answered ${res?.status()}`);
      const sizes = await Promise.all(bodies);
      out.push({ path: p, kind, scripts: sizes.length, kb: sizes.reduce((a, b) => a + b, 0) / 1024 });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-js-"));
  try {
    const sizes = await withApp({ label: "pglite", port: 3402, env: { DATA_DIR: dir, DATABASE_URL: "" } }, "owner", ({ base, cookie }) =>
      measureJs(base, cookie),
    );
    console.log("JavaScript per page (gzip of every script Chromium loads for the page)");
    process.exitCode = printJs(sizes) ? 0 : 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
