// Last of the whole run: no server's log holds a customer's phone number, a description or a
// note that the tests used, nor the parameters of a database query — whatever was sent,
// refused or broken on the way (docs/security.md, "Security": no customer data in logs). Nor does the
// audit log of the server most tests ran on (docs/operations.md, "Personal data").
import { readdir, readFile } from "node:fs/promises";
import { expect, request, test } from "@playwright/test";
import { inRun, local, RUN_DIR } from "./support/ports";
import { PHONE, USED_TEXT_FILE } from "./support/used-text";
import { stateOf } from "./support/users";

/** The descriptions and notes the run's tests typed (8 characters or more: shorter ones occur anywhere). */
async function usedTexts(): Promise<string[]> {
  const lines = (await readFile(USED_TEXT_FILE, "utf8")).split("\n").filter(Boolean);
  return [...new Set(lines.map((l) => JSON.parse(l) as string))].filter((t) => t.length >= 8);
}

/**
 * Which of `texts` (each 8 characters or more) occur in `haystack`: one pass over it, looking up
 * each 8-character window in an index of the texts' starts. One `includes` per text was one pass
 * per text — thousands of passes over every log once the fuzzer had remembered its inputs, which
 * took the scan past its time on CI.
 */
function occurring(haystack: string, texts: string[]): string[] {
  const K = 8;
  const byStart = new Map<string, string[]>();
  for (const t of texts) {
    const start = t.slice(0, K);
    const same = byStart.get(start);
    if (same) same.push(t);
    else byStart.set(start, [t]);
  }
  const found = new Set<string>();
  for (let i = 0; i + K <= haystack.length; i++) {
    const candidates = byStart.get(haystack.slice(i, i + K));
    if (candidates) for (const t of candidates) if (haystack.startsWith(t, i)) found.add(t);
  }
  return [...found];
}

test("no server log holds a phone number, a description, a note or a query's parameters", async () => {
  const logs = (await readdir(RUN_DIR)).filter((f) => f.endsWith(".log"));
  expect(logs.length).toBeGreaterThanOrEqual(4);
  const used = await usedTexts();
  expect(used.length, "descriptions and notes remembered by the tests").toBeGreaterThan(20);
  // The scanner finds what it looks for (a text in the middle of a line, and at its end).
  expect(occurring(`{"msg":"x ${used[0]} y"}\n${used[1]}`, used)).toEqual(expect.arrayContaining([used[0], used[1]]));
  let lines = 0;
  for (const name of logs) {
    const text = await readFile(inRun(name), "utf8");
    lines += text.split("\n").length;
    const phones = [...new Set([...text.matchAll(PHONE)].map((m) => m[0]))];
    expect(phones, `${name}: phone numbers`).toEqual([]);
    expect(text.includes("params:"), `${name}: a query's parameters`).toBe(false);
    expect(occurring(text, used), `${name}: descriptions or notes the tests typed`).toEqual([]);
    // The fault-injection run's descriptions follow a pattern of their own.
    expect(/fi-[a-z0-9]+-\d+/.exec(text)?.[0], `${name}: a fault-injection description`).toBeUndefined();
  }
  expect(lines).toBeGreaterThan(100);
});

test("no audit entry of the run holds a phone number, a description or a note", async () => {
  const used = await usedTexts();
  const owner = await request.newContext({ baseURL: local(3210), storageState: stateOf("owner") });
  let before: number | undefined;
  let entries = 0;
  const actions = new Set<string>();
  // Newest first, 100 a page, to the first entry (bounded: far more pages than a run writes).
  for (let pages = 0; pages < 2_000; pages++) {
    const res = await owner.get(`/api/audit${before ? `?before=${before}` : ""}`);
    expect(res.status()).toBe(200);
    const { events } = (await res.json()) as { events: { id: number; action: string }[] };
    if (!events.length) break;
    const text = JSON.stringify(events);
    const phones = [...new Set([...text.matchAll(PHONE)].map((m) => m[0]))];
    expect(phones, `audit entries ${events.at(-1)?.id}–${events[0].id}: phone numbers`).toEqual([]);
    expect(occurring(text, used), "audit entries holding descriptions or notes the tests typed").toEqual([]);
    for (const e of events) actions.add(e.action);
    entries += events.length;
    before = events.at(-1)?.id;
  }
  await owner.dispose();
  // The run made charges, resolved some by hand with notes, and exported searches: all scanned.
  // The PostgreSQL pass leaves out the browser walk-throughs (playwright.config.ts), which do
  // most of the resolving and exporting: there the scan covers what the other projects wrote
  // (the route handlers' matrix and the fuzzers run in vitest, whose route harness scans the logs
  // and audit entries they make: tests/unit/support/customer-data.ts).
  const browserWalks = !process.env.E2E_DATABASE_URL_BASE;
  expect(entries).toBeGreaterThan(browserWalks ? 100 : 10);
  const wanted = browserWalks ? ["charge_created", "charge_reconciled", "charges_exported"] : ["charge_created"];
  for (const a of wanted) expect([...actions]).toContain(a);
});
