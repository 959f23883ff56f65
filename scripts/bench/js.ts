// JavaScript per page: opens each page in Chromium and adds up the gzip size of every script it
// loads (zlib's default level, what a server typically sends), beside floors measured on the same
// build and stack in the same run:
//   framework  a plain Next.js page (the reference app's /ref/login): the framework alone
//   page floor the dashboard's own not-found page, signed in: the framework, the dashboard's
//              layout (header, menu, toasts) and next/link, and nothing of a page's own
//   form kit   what react-hook-form, @hookform/resolvers and zod/mini add to a plain page (the
//              reference app's /ref/form less /ref/login)
// Targets (issue 27): a list or a record page at most the page floor + 3 kB; a form page at most
// the page floor + the form kit + 4 kB; the charge form at most 165 kB. The public pay page
// (issue 28), opened by customers on the cheapest phones: at most the framework alone + 3 kB.
//   npm run build && npx tsx scripts/bench/js.ts
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { hasBuild, withApp } from "./history-page";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../chromium";
import { KEY, startStub, withForwarder } from "./shared";

/**
 * A page's kind decides its JavaScript target (see above); `lighthouse` its Lighthouse target
 * (./lighthouse-targets.ts): a list or record is held to the framework's floor, a form to the form kit's.
 */
export type PageKind = "list" | "form" | "charge form" | "public page";
export const JS_PAGES: { path: string; kind: PageKind; lighthouse: "list" | "form" }[] = [
  { path: "/sign-in", kind: "form", lighthouse: "form" },
  { path: "/charges/new", kind: "charge form", lighthouse: "form" },
  { path: "/", kind: "list", lighthouse: "list" },
  { path: "/transactions", kind: "list", lighthouse: "list" },
  // The search's results page, with matches of each kind on the bench's ledger.
  { path: "/search?q=bench", kind: "list", lighthouse: "list" },
  { path: "/transactions/{id}", kind: "form", lighthouse: "list" },
  { path: "/reconcile", kind: "list", lighthouse: "list" },
  { path: "/insights", kind: "list", lighthouse: "list" },
  { path: "/account", kind: "list", lighthouse: "list" },
  { path: "/customers", kind: "list", lighthouse: "list" },
  { path: "/customers/new", kind: "form", lighthouse: "form" },
  { path: "/customers/import", kind: "form", lighthouse: "form" },
  { path: "/batches", kind: "list", lighthouse: "list" },
  { path: "/batches/new", kind: "form", lighthouse: "form" },
  { path: "/pay-links", kind: "list", lighthouse: "list" },
  { path: "/pay-links/new", kind: "form", lighthouse: "form" },
  { path: "/team", kind: "form", lighthouse: "form" },
  { path: "/audit", kind: "list", lighthouse: "list" },
  { path: "/notifications", kind: "list", lighthouse: "list" },
  { path: "/profile", kind: "form", lighthouse: "form" },
  { path: "/settings", kind: "form", lighthouse: "form" },
  { path: "/pay/{token}", kind: "public page", lighthouse: "list" },
];
/** Above the floors: what a page of each kind may add (kB gzip). */
const ALLOWANCE_KB = { list: 3, form: 4 } as const;
const CHARGE_FORM_KB = 165;

export type Floors = { framework: number; page: number; formKit: number };
export type JsSize = { path: string; kind: PageKind; scripts: number; kb: number };

export function targetKb(kind: PageKind, floors: Floors): number {
  if (kind === "charge form") return CHARGE_FORM_KB;
  if (kind === "public page") return floors.framework + ALLOWANCE_KB.list;
  if (kind === "list") return floors.page + ALLOWANCE_KB.list;
  return floors.page + floors.formKit + ALLOWANCE_KB.form;
}

/** The table `npm run bench` and this script print; true when every page is within its target. */
export function printJs(sizes: JsSize[], floors: Floors): boolean {
  const kb = (n: number) => n.toFixed(1);
  console.log(
    `floors on this build: the framework alone ${kb(floors.framework)} kB; the page floor (framework, layout, next/link) ` +
      `${kb(floors.page)} kB; the form kit (react-hook-form, resolvers, zod/mini) ${kb(floors.formKit)} kB`,
  );
  console.log(
    `targets: list ≤ ${kb(targetKb("list", floors))} (page floor + ${ALLOWANCE_KB.list}); form ≤ ${kb(targetKb("form", floors))} ` +
      `(page floor + form kit + ${ALLOWANCE_KB.form}); the charge form ≤ ${CHARGE_FORM_KB}; ` +
      `the public pay page ≤ ${kb(targetKb("public page", floors))} (framework + ${ALLOWANCE_KB.list})`,
  );
  console.log("| page | kind | scripts | kB gzip | over the page floor | target |\n|---|---|---|---|---|---|");
  let all = true;
  for (const s of sizes) {
    const target = targetKb(s.kind, floors);
    all &&= s.kb <= target;
    console.log(
      `| ${s.path} | ${s.kind} | ${s.scripts} | ${kb(s.kb)} | ${kb(s.kb - floors.page)} | ${s.kb <= target ? "PASS" : "FAIL"} (≤ ${kb(target)}) |`,
    );
  }
  return all;
}

type Cookie = { name: string; value: string; url: string };

/**
 * The scripts Chromium loads for one page in a fresh context (nothing cached): the HTML's own
 * script tags and the chunks they load in turn, not the prefetches of linked pages. Scripts
 * marked noModule (polyfills for old browsers) are never fetched by Chromium, so not counted.
 */
async function scriptsOf(browser: Browser, url: string, cookies: Cookie[], status = 200): Promise<{ scripts: number; kb: number }> {
  const context = await browser.newContext();
  try {
    if (cookies.length) await context.addCookies(cookies);
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
    const res = await page.goto(url, { waitUntil: "networkidle" });
    if (res?.status() !== status) throw new Error(`${url} answered ${res?.status()}`);
    const sizes = await Promise.all(bodies);
    return { scripts: sizes.length, kb: sizes.reduce((a, b) => a + b, 0) / 1024 };
  } finally {
    await context.close();
  }
}

/** A pay link's token, made through the API as the signed-in member of `cookie`: for /pay/{token}. */
export async function payLinkToken(base: string, cookie: string): Promise<string> {
  const made = await fetch(`${base}/api/payment-requests`, {
    method: "POST",
    headers: { cookie, Origin: base, "Content-Type": "application/json" },
    body: JSON.stringify({ amount: "25.00", currency: "GHS", description: "Two bags of rice, delivered" }),
  });
  const answer = (await made.json()) as { request?: { path: string } };
  if (!answer.request) throw new Error(`the pay link for /pay/{token} answered ${made.status}: ${JSON.stringify(answer)}`);
  return answer.request.path.slice("/pay/".length);
}

/** Every page's scripts, and the floors, `reference` being the reference app's address. */
export async function measureJs(
  base: string,
  cookie: string,
  reference: string,
  paths = JS_PAGES,
): Promise<{ sizes: JsSize[]; floors: Floors }> {
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
  const token = await payLinkToken(base, cookie);
  const cookies = cookie.split("; ").map((c) => {
    const at = c.indexOf("=");
    return { name: c.slice(0, at), value: c.slice(at + 1), url: base };
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const framework = (await scriptsOf(browser, `${reference}/ref/login`, [])).kb;
    const withKit = (await scriptsOf(browser, `${reference}/ref/form`, [])).kb;
    const page = (await scriptsOf(browser, `${base}/bench-no-such-page`, cookies, 404)).kb;
    const sizes: JsSize[] = [];
    for (const { path: p, kind } of paths)
      sizes.push({
        path: p,
        kind,
        // The sign-in page and the pay page are opened without a session.
        ...(await scriptsOf(
          browser,
          `${base}${p.replace("{id}", id).replace("{token}", token)}`,
          p === "/sign-in" || kind === "public page" ? [] : cookies,
        )),
      });
    return { sizes, floors: { framework, page, formKit: withKit - framework } };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-js-"));
  const stub = await startStub();
  try {
    const { sizes, floors } = await withForwarder(3403, stub.url, (reference) =>
      withApp(
        { label: "pglite", port: 3402, env: { DATA_DIR: dir, DATABASE_URL: "", MOMO_BASE_URL: stub.url, MOMO_API_KEY: KEY } },
        "owner",
        ({ base, cookie }) => measureJs(base, cookie, reference),
      ),
    );
    console.log("JavaScript per page (gzip of every script Chromium loads for the page)");
    process.exitCode = printJs(sizes, floors) ? 0 : 1;
  } finally {
    await stub.close();
    await rm(dir, { recursive: true, force: true });
  }
}
