// JavaScript per page: starts the built app, signs an owner in, fetches each page's HTML, and
// adds up the gzip size of every script the HTML loads (zlib's default level, what a server
// typically sends). Prints a table against the 130 kB target; exits 1 if a page is over.
//   npm run build && npx tsx scripts/bench-js.ts
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { hasBuild, withApp } from "./bench-page";

export const JS_TARGET_KB = 130;
export const JS_PAGES = ["/sign-in", "/charges/new", "/transactions", "/transactions/{id}", "/reconcile", "/insights", "/account", "/team", "/audit"];

export type JsSize = { path: string; scripts: number; kb: number };

export async function measureJs(base: string, cookie: string, paths = JS_PAGES): Promise<JsSize[]> {
  const sizes = new Map<string, number>();
  const gz = async (src: string) => {
    if (!sizes.has(src)) sizes.set(src, gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer())).length);
    return sizes.get(src)!;
  };
  // A charge for the detail page.
  const made = await fetch(`${base}/api/charges`, {
    method: "POST",
    headers: { cookie, Origin: base, "Content-Type": "application/json", "Idempotency-Key": `bench_js_${Date.now()}_0001` },
    body: JSON.stringify({ amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", vouchers: "", description: "js size" }),
  });
  const id = ((await made.json()) as { charge: { id: string } }).charge.id;
  const out: JsSize[] = [];
  for (const p of paths) {
    const url = p.replace("{id}", id);
    const res = await fetch(`${base}${url}`, { headers: p === "/sign-in" ? {} : { cookie }, redirect: "manual" });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const html = await res.text();
    const srcs = [...new Set([...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&")))];
    let bytes = 0;
    for (const src of srcs) bytes += await gz(src);
    out.push({ path: p, scripts: srcs.length, kb: bytes / 1024 });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!hasBuild()) throw new Error("no production build: run `npm run build` first");
  const dir = await mkdtemp(path.join(os.tmpdir(), "momo-js-"));
  try {
    const sizes = await withApp({ label: "pglite", port: 3402, env: { DATA_DIR: dir, DATABASE_URL: "" } }, "owner", ({ base, cookie }) => measureJs(base, cookie));
    console.log(`JavaScript per page (gzip of every script the HTML loads), target ≤ ${JS_TARGET_KB} kB`);
    console.log("| page | scripts | kB gzip | |\n|---|---|---|---|");
    for (const s of sizes) console.log(`| ${s.path} | ${s.scripts} | ${s.kb.toFixed(1)} | ${s.kb <= JS_TARGET_KB ? "PASS" : "FAIL"} |`);
    process.exitCode = sizes.every((s) => s.kb <= JS_TARGET_KB) ? 0 : 1;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
