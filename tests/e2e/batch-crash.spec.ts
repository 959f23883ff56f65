// A bulk batch through a kill -9: 300 rows prepared and approved through the API, sent by the job
// queue to a counting upstream that answers slowly; the server is killed (SIGKILL) with rows in
// flight and started again on the same database. The batch then finishes by itself, every row has
// exactly one charge, and the upstream received each row's charge at most once — a row whose send
// may have started is never sent again (its charge is `unknown`, for reconciliation, or answered).
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { spawnAppServer, type AppServer } from "./support/app-server";
import { json, startHostileUpstream, type HostileUpstream } from "./support/hostile-upstream";
import { port } from "./support/ports";
import { apiSignIn } from "./support/two-factor";
import { E2E_PASSWORD, emailOf } from "./support/users";

const PORT = port(3222);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = "sk_live_batch_crash_51f0";
const ROWS = 300;
/** The upstream answers each charge after this long: the kill lands with rows in flight. */
const ANSWER_MS = 150;
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });
test.setTimeout(300_000);

const posts = new Map<string, number>(); // description → charge POSTs received
let upstream: HostileUpstream;
let app: AppServer | undefined;
let api: APIRequestContext;

async function startApp(mode: "seed" | "keep") {
  const starting = spawnAppServer("batch_crash", PORT, mode, {
    E2E_PASSWORD,
    MOMO_BASE_URL: upstream.url,
    MOMO_API_KEY: KEY,
    MOMO_TIMEOUT_MS: "2000",
    MOMO_REQUESTS_PER_MINUTE: "100000",
    SWEEP_INTERVAL_SECONDS: "2",
  });
  app = starting;
  await starting.ready;
}

test.beforeAll(async () => {
  upstream = await startHostileUpstream(KEY);
  upstream.answer.charge = (res, req) => {
    const description = String(JSON.parse(req.body).description);
    posts.set(description, (posts.get(description) ?? 0) + 1);
    setTimeout(
      () => json(200, { status: "success", transaction_reference: `TXN-BC-${description}`, message: "Approved." })(res, req),
      ANSWER_MS,
    );
  };
  // A row left in flight is looked up later: the upstream says what became of it.
  upstream.answer.status = json(200, { status: "success", message: "Approved." });
  await startApp("seed");
  api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  expect((await apiSignIn(api, emailOf("owner"), E2E_PASSWORD)).status).toBe(200);
});

test.afterAll(async () => {
  app?.stop("SIGKILL");
  await api?.dispose();
  await upstream?.close();
});

type Batch = { id: string; status: string; counts: Record<string, number> };
const batchNow = async (id: string): Promise<Batch> => {
  const res = await api.get(`/api/batches/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).batch;
};

test("a batch killed mid-way finishes after a restart, each row charged once and sent at most once", async () => {
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    phone: `024${String(3_000_000 + i).padStart(7, "0")}`,
    amount: "1.00",
    description: `bc-${run}-${i + 1}`,
  }));
  const made = await api.post("/api/batches", { data: { label: `Crash ${run}`, rows } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()).batch as Batch;
  // The seeded owner is the only owner: they may approve their own batch (the default rule).
  const approved = await api.post(`/api/batches/${id}/decision`, { data: { approve: true } });
  expect(approved.status(), await approved.text()).toBe(200);

  // Kill once a third of the rows have reached the upstream (some more are then in flight).
  for (let i = 0; i < 600 && posts.size < ROWS / 3; i++) await new Promise((r) => setTimeout(r, 50));
  expect(posts.size).toBeGreaterThanOrEqual(ROWS / 3);
  const killed = app;
  killed?.stop("SIGKILL");
  app = undefined;
  const atKill = posts.size;
  await killed?.gone();
  expect(atKill, "the kill landed before the batch was done").toBeLessThan(ROWS);

  await startApp("keep");
  expect((await apiSignIn(api, emailOf("owner"), E2E_PASSWORD)).status).toBe(200);
  let batch = await batchNow(id);
  for (let i = 0; i < 240 && batch.status !== "completed"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    batch = await batchNow(id);
  }
  expect(batch.status).toBe("completed");
  expect(batch.counts).toMatchObject({ queued: 0, sending: 0, sent: ROWS });

  // Each row reached the upstream at most once; every row that reached it has its charge.
  const twice = [...posts].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  expect(posts.size).toBeLessThanOrEqual(ROWS);
  const file = await api.get(`/api/batches/${id}/export`);
  expect(file.status()).toBe(200);
  const results = parse(await file.text(), { columns: true, bom: true }) as {
    row: string;
    description: string;
    row_state: string;
    charge_id: string;
    status: string;
  }[];
  expect(results).toHaveLength(ROWS);
  expect(results.every((r) => r.row_state === "sent" && r.charge_id)).toBe(true);
  expect(new Set(results.map((r) => r.charge_id)).size).toBe(ROWS);
  // A row that was not sent before the kill was sent after it; one in flight was not sent again:
  // its charge is unknown (for reconciliation) or already answered by a status lookup.
  const notSent = results.filter((r) => !posts.has(r.description));
  for (const r of notSent) expect(["Unknown", "Success"]).toContain(r.status);
  const tally = new Map<string, number>();
  for (const r of results) tally.set(r.status, (tally.get(r.status) ?? 0) + 1);
  const byStatus = [...tally].map(([s, n]) => `${s} ${n}`);
  console.log(
    `batch crash: ${ROWS} rows, ${atKill} sent before the kill, ${posts.size} sent in all, ${notSent.length} never sent; outcomes: ${byStatus.join(", ")}`,
  );
});
