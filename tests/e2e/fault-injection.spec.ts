// Fault injection: 1,000 charges through the real app (`next start`) against a local upstream
// that times out, resets, answers 5xx, 429, garbage or a slow body — and the app is killed
// (SIGKILL) and restarted in the middle. The client side behaves like the charge form: it keeps
// its idempotency key and tries again until it gets an answer. Afterwards every charge is one
// ledger row in a final state (none `submitting`), each outcome is the one its fault implies
// (or `unknown` because the app died mid-request), and the upstream saw every charge at most
// once. Then 50 concurrent submissions with one key reach the upstream exactly once.
import { readFile } from "node:fs/promises";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { spawnAppServer, type AppServer } from "./support/app-server";
import { reauth } from "./support/reauth";
import { EXPECTED, faultOf, startFaultUpstream } from "./support/fault-injection";
import type { HostileUpstream } from "./support/hostile-upstream";
import { E2E_PASSWORD, emailOf } from "./support/users";
import { inRun, port } from "./support/ports";
import { apiSignIn } from "./support/two-factor";

const PORT = port(3213);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = "sk_live_fault_injection_7c1d";
const CHARGES = 1_000;
const CONCURRENCY = 20;
const KILL_AFTER = 400;
const TIMEOUT_MS = 2_000;
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });
test.setTimeout(600_000);

const posts = new Map<string, number>(); // description → charge POSTs the upstream received
let upstream: HostileUpstream;

// ── The app: started, killed and started again on the same database. ──
let app: AppServer | undefined;
async function startApp(mode: "seed" | "keep") {
  const starting = spawnAppServer("faults", PORT, mode, {
    E2E_PASSWORD,
    MOMO_BASE_URL: upstream.url,
    MOMO_API_KEY: KEY,
    MOMO_TIMEOUT_MS: String(TIMEOUT_MS),
    MOMO_REQUESTS_PER_MINUTE: "100000", // the budget has tests of its own; here it must not refuse
    SWEEP_INTERVAL_SECONDS: "1",
  });
  app = starting; // killable while it starts
  await starting.ready;
}
/** Kills the app; resolves once its port is free again. */
function killApp(): Promise<void> {
  const dying = app;
  dying?.stop("SIGKILL");
  app = undefined;
  return dying ? dying.gone() : Promise.resolve();
}

let api: APIRequestContext;

test.beforeAll(async () => {
  upstream = await startFaultUpstream(KEY, run, TIMEOUT_MS, posts);
  await startApp("seed");
  api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const signedIn = await apiSignIn(api, emailOf("owner"), E2E_PASSWORD);
  expect(signedIn.status).toBe(200);
});

test.afterAll(async () => {
  await killApp();
  await api?.dispose();
  await upstream?.close();
});

type Row = { id: string; status: string; description: string; message: string };
async function ledger(): Promise<Row[]> {
  // The run outlasts a password proof (REAUTH_MINUTES): confirm it again before each export.
  await reauth(api);
  const res = await api.get("/api/charges/export");
  expect(res.status()).toBe(200);
  // The file's columns (lib/csv.ts): the charge's id and its status code.
  const rows = parse(await res.text(), { columns: true, bom: true }) as {
    charge_id: string;
    status_code: string;
    description: string;
    message: string;
  }[];
  return rows
    .filter((r) => r.description.startsWith(`fi-${run}-`))
    .map((r) => ({ id: r.charge_id, status: r.status_code, description: r.description, message: r.message }));
}

const body = (n: number) => ({
  amount: "2.00",
  currency: "GHS",
  phoneNumber: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: `fi-${run}-${n}`,
});

/** Like the charge form: same key until the server answers with the charge. */
async function chargeUntilAnswered(n: number): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await api
      .post("/api/charges", { data: body(n), headers: { "Idempotency-Key": `fi_${run}_${n}_key` }, timeout: 30_000 })
      .catch(() => null); // the app is down: try again shortly
    if (res && (res.status() === 201 || res.status() === 200)) return (await res.json()).charge.id as string;
    if (res && ![429, 500, 502, 503].includes(res.status())) throw new Error(`charge ${n}: unexpected ${res.status()} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`charge ${n}: no answer after 200 attempts`);
}

test("1,000 charges through every fault and a kill -9 end as 1,000 rows, each sent at most once", async () => {
  const ids = new Map<number, string>();
  let next = 0;
  let done = 0;
  let restarted: Promise<void> | undefined;
  const worker = async () => {
    while (next < CHARGES) {
      const n = next++;
      ids.set(n, await chargeUntilAnswered(n));
      if (++done === KILL_AFTER) {
        // Mid-way, with other charges in flight: the process dies without a chance to clean up.
        const killed = killApp();
        restarted = (async () => {
          await killed;
          await startApp("keep");
        })();
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await restarted;
  expect(ids.size).toBe(CHARGES);
  // The app really died and came back: two starts in its log, the second on the same ledger.
  const starts = (await readFile(inRun("faults.log"), "utf8"))
    .split("\n")
    .filter((l) => l.startsWith("{") && JSON.parse(l).event === "started");
  expect(starts).toHaveLength(2);

  // No row stays half-written: the restart (and the sweep) settle every interrupted one.
  await expect
    .poll(async () => (await ledger()).filter((r) => r.status === "submitting").length, { timeout: 60_000, intervals: [1_000] })
    .toBe(0);
  const rows = await ledger();
  expect(rows).toHaveLength(CHARGES);
  expect(new Set(rows.map((r) => r.description)).size).toBe(CHARGES);
  expect(new Set(rows.map((r) => r.id))).toEqual(new Set(ids.values()));

  const interrupted: string[] = [];
  for (const row of rows) {
    const n = Number(row.description.split("-").at(-1));
    expect(["success", "pending", "failed", "unknown"]).toContain(row.status);
    if (row.status !== EXPECTED[faultOf(n)]) {
      // Only a charge the dying process had in hand may differ, and only as `unknown`.
      expect(row, `charge ${n} (${faultOf(n)})`).toMatchObject({ status: "unknown", message: expect.stringContaining("The app stopped") });
      interrupted.push(row.description);
    }
    // Never twice; and every answer recorded came from the one request the upstream saw.
    expect(posts.get(row.description) ?? 0, `upstream POSTs for charge ${n}`).toBeLessThanOrEqual(1);
    if (row.status !== "unknown" || !row.message.includes("The app stopped"))
      expect(posts.get(row.description), `charge ${n} reached the upstream`).toBe(1);
  }
  expect(interrupted.length).toBeLessThanOrEqual(CONCURRENCY);
  const sent = [...posts.values()].reduce((a, b) => a + b, 0);
  console.log(`fault injection: ${CHARGES} charges, ${sent} upstream POSTs, ${interrupted.length} interrupted by the kill`);
});

test("50 concurrent submissions with one idempotency key reach the upstream exactly once", async () => {
  const n = 10_000; // a "success" charge
  // Fresh connections, signed in as before: the shared context keeps sockets idle since the
  // previous test, and the server may be closing them (keep-alive timeout) just as they are
  // reused, which resets a request before it reaches the app (seen once in CI).
  const own = await playwrightRequest.newContext({
    baseURL: BASE,
    extraHTTPHeaders: { Origin: BASE },
    storageState: await api.storageState(),
  });
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => own.post("/api/charges", { data: body(n), headers: { "Idempotency-Key": `fi_${run}_same_key` } })),
  );
  const statuses = answers.map((a) => a.status());
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 200)).toHaveLength(49);
  const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).charge.id)));
  expect(ids.size).toBe(1);
  expect(posts.get(`fi-${run}-${n}`)).toBe(1);
  const rows = (await ledger()).filter((r) => r.description === `fi-${run}-${n}`);
  expect(rows).toMatchObject([{ status: "success" }]);
  await own.dispose();
});
