// ── 10. Memory ──
// The server's resident memory (RSS) at idle and after a load — 200 charges through the bundled
// sandbox and 200 signed-in list pages, ten at a time — on PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL (a database of its own: own-database.ts), beside a plain Next.js server (the
// references' app) given the same load in the same run. What it is made of: V8's heap, external
// and array buffers (memory-hook.cjs, by SIGUSR2), PGlite's WebAssembly memory, and the anonymous
// and file-backed parts from /proc. Against the target: a small merchant's server has 1 GB.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withApp } from "./history-page";
import { parseStatus, type Sample, sampleCells, type V8Memory, wasmResident } from "./memory-read";
import { ownDatabase } from "./own-database";
import { BENCH_DB, formBody, idem, sleep, startStub, withForwarder } from "./shared";

const LOAD = 200;
const SETTLE_MS = 5_000;
const SERVER_MB = 1024;
// What the server may take of a 1 GB machine, leaving the rest to the system (and, on PGlite,
// nothing else: the database is inside it).
const TARGET_MB = 768;

type Row = { server: string; when: string; sample: Sample };

export async function memory(): Promise<void> {
  const probes = mkdtempSync(path.join(os.tmpdir(), "momo-bench-memory-"));
  const saved = process.env.NODE_OPTIONS;
  // Every server started from here on carries the hook (the users.ts runs too, to no effect).
  process.env.NODE_OPTIONS = `${saved ?? ""} --require ${path.resolve("scripts/bench/memory-hook.cjs")}`.trim();
  process.env.MOMO_BENCH_MEMORY_DIR = probes;
  const rows: Row[] = [];
  const stub = await startStub();
  try {
    await withForwarder(3431, stub.url, async (base, pid) => {
      const signedIn = await fetch(`${base}/durable/session`, { method: "POST" });
      const cookie = signedIn.headers.getSetCookie()[0]?.split(";")[0] ?? "";
      rows.push({ server: "plain Next.js (references' app)", when: "idle", sample: await settled(pid, probes) });
      const statuses = await load(
        () =>
          fetch(`${base}/durable`, {
            method: "POST",
            headers: { cookie, "Content-Type": "application/json", "Idempotency-Key": idem() },
            body: formBody(),
          }),
        () => fetch(`${base}/ref/list`, { headers: { cookie } }),
      );
      rows.push({ server: "plain Next.js (references' app)", when: `after ${statuses}`, sample: await settled(pid, probes) });
    });
    const dir = await mkdtemp(path.join(os.tmpdir(), "momo-bench-"));
    try {
      rows.push(...(await dashboard("dashboard, PGlite", { DATA_DIR: dir, DATABASE_URL: "" }, probes)));
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
    if (BENCH_DB) {
      const own = await ownDatabase(BENCH_DB);
      try {
        rows.push(...(await dashboard("dashboard, PostgreSQL", { DATABASE_URL: own.url }, probes)));
      } finally {
        await own.drop();
      }
    }
  } finally {
    await stub.close();
    if (saved === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = saved;
    delete process.env.MOMO_BENCH_MEMORY_DIR;
    rmSync(probes, { recursive: true, force: true });
  }
  print(rows);
}

async function dashboard(server: string, env: Record<string, string>, probes: string): Promise<Row[]> {
  return withApp({ label: server, port: 3432, env }, "owner", async (app) => {
    const idle = await settled(app.pid, probes);
    const headers = { cookie: app.cookie, Origin: app.base };
    const statuses = await load(
      () =>
        fetch(`${app.base}/api/charges`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json", "Idempotency-Key": idem() },
          body: formBody(),
        }),
      () => fetch(`${app.base}/transactions`, { headers }),
    );
    return [
      { server, when: "idle", sample: idle },
      { server, when: `after ${statuses}`, sample: await settled(app.pid, probes) },
    ];
  });
}

/** LOAD charges then LOAD list pages, ten at a time; what they answered, as "N × status". */
async function load(charge: () => Promise<Response>, list: () => Promise<Response>): Promise<string> {
  const seen = new Map<string, number>();
  for (const send of [charge, list]) {
    let started = 0;
    const worker = async () => {
      while (started < LOAD) {
        started++;
        const res = await send();
        await res.arrayBuffer();
        const key = `${send === charge ? "charge" : "page"} ${res.status}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
  }
  return [...seen].map(([key, n]) => `${n} × ${key}`).join(", ");
}

/** The server of process group `pgid` (Next.js names it next-server), once it has been still a while. */
async function settled(pgid: number, probes: string): Promise<Sample> {
  await sleep(SETTLE_MS);
  const pid = serverPid(pgid);
  const file = path.join(probes, `${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 50 && !existsSync(file); i++) await sleep(100);
  const v8 = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as V8Memory) : undefined;
  return {
    proc: parseStatus(readFileSync(`/proc/${pid}/status`, "utf8")),
    v8,
    wasm: wasmResident(readFileSync(`/proc/${pid}/smaps`, "utf8")),
  };
}

function serverPid(pgid: number): number {
  const group = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .flatMap((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) return [];
        const rss = parseStatus(readFileSync(`/proc/${p}/status`, "utf8")).rss;
        return [{ pid: Number(p), rss, name: readFileSync(`/proc/${p}/cmdline`, "utf8") }];
      } catch {
        return []; // gone
      }
    });
  const server = group.find((p) => p.name.startsWith("next-server")) ?? group.sort((a, b) => b.rss - a.rss)[0];
  if (!server) throw new Error(`no process left in group ${pgid}`);
  return server.pid;
}

function print(rows: Row[]): void {
  console.log(
    `\n10. Server memory, MB: idle (${SETTLE_MS / 1000} s after start and sign-in) and after ${LOAD} charges and ${LOAD} list pages, 10 at a time`,
  );
  console.log(
    "| server | when | RSS | peak RSS | V8 heap used / total | external | array buffers | WebAssembly | anonymous | file-backed | target |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const { server, when, sample } of rows) {
    const mine = server.startsWith("dashboard");
    const share = `${((sample.proc.peak / 1024 / SERVER_MB) * 100).toFixed(0)} % of ${SERVER_MB} MB at its peak`;
    const verdict = mine ? `${share}: ${sample.proc.peak / 1024 <= TARGET_MB ? "PASS" : "FAIL"} (peak ≤ ${TARGET_MB} MB)` : "floor";
    console.log(`| ${server} | ${when} | ${sampleCells(sample).join(" | ")} | ${verdict} |`);
  }
  console.log(
    "V8's external memory includes WebAssembly's (PGlite's PostgreSQL; Node's own module lexer takes a few MB). " +
      "PostgreSQL's processes are not counted: they are another server's memory, where PGlite's database is inside the app's.",
  );
}
