// ── 1. Overhead per charge ──
// Time the dashboard adds per charge over calling the upstream directly, beside a bare
// forwarding route handler (scripts/bench-forwarder), at concurrency 1/10/100.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { FORM_BODY, fmt, idem, KEY, median, pct, sleep, startStub, withDashboard } from "./shared";

const UPSTREAM_BODY = JSON.stringify({
  amount: 1,
  currency: "GHS",
  phone_number: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "bench",
});

async function withForwarder<T>(port: number, upstream: string, use: (base: string) => Promise<T>): Promise<T> {
  const dir = "scripts/bench-forwarder";
  if (!existsSync(`${dir}/.next/BUILD_ID`)) {
    console.log("building the bare forwarder (scripts/bench-forwarder) …");
    // Webpack, because Turbopack takes the repository (the lockfile's folder) as its root and
    // would build the dashboard's proxy.ts into the forwarder. The handler's cost at run time
    // does not depend on the bundler.
    const built = spawnSync("npx", ["next", "build", "--webpack"], { cwd: dir, stdio: "inherit" });
    if (built.status !== 0) throw new Error("next build of the forwarder failed");
  }
  const server: ChildProcess = spawn("npx", ["next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, FORWARD_TO: upstream, FORWARD_KEY: KEY },
    detached: true,
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/forward`, { method: "GET" }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 120) throw new Error("the forwarder did not start");
      await sleep(500);
    }
    return await use(base);
  } finally {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // gone
    }
  }
}

/** `total` requests, `concurrency` at a time; each one's latency in ms. Throws on any non-2xx. */
async function drive(concurrency: number, total: number, send: () => Promise<Response>): Promise<number[]> {
  const ms: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const t = performance.now();
      const res = await send();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`answered ${res.status}`);
      ms.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ms.sort((a, b) => a - b);
}

export async function overhead(rounds: number): Promise<void> {
  const stub = await startStub();
  const LEVELS = [
    { c: 1, n: 300 },
    { c: 10, n: 1000 },
    { c: 100, n: 2000 },
  ];
  type Fig = { p50: number; p99: number };
  const figs = new Map<string, Fig[]>(); // `${target}@${c}` → one per round
  try {
    await withForwarder(3411, stub.url, async (forwarder) =>
      withDashboard(3412, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
        const targets: Record<string, () => Promise<Response>> = {
          direct: () =>
            fetch(`${stub.url}/v1/payments/momo/charge`, {
              method: "POST",
              headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
              body: UPSTREAM_BODY,
            }),
          forwarder: () =>
            fetch(`${forwarder}/forward`, { method: "POST", headers: { "Content-Type": "application/json" }, body: UPSTREAM_BODY }),
          dashboard: () =>
            fetch(`${app.base}/api/charges`, {
              method: "POST",
              headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: FORM_BODY,
            }),
        };
        for (const send of Object.values(targets)) await drive(10, 100, send); // warm-up
        for (let round = 1; round <= rounds; round++) {
          for (const { c, n } of LEVELS) {
            // Side by side: the three in turn at the same concurrency, every round.
            for (const [name, send] of Object.entries(targets)) {
              const ms = await drive(c, n, send);
              const list = figs.get(`${name}@${c}`) ?? [];
              list.push({ p50: pct(ms, 50), p99: pct(ms, 99) });
              figs.set(`${name}@${c}`, list);
            }
          }
          console.log(`overhead: round ${round}/${rounds} done`);
        }
      }),
    );
  } finally {
    await stub.close();
  }
  const med = (name: string, c: number, k: keyof Fig) => median(figs.get(`${name}@${c}`)!.map((f) => f[k]));
  console.log(`\n1. Time added per charge over calling the upstream directly (medians of ${rounds} rounds; ms)`);
  console.log(
    "| concurrency | direct p50 / p99 | forwarder adds p50 / p99 | dashboard adds p50 / p99 " +
      "| dashboard ÷ forwarder (p50 / p99) | target ≤ 1.5× |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const { c } of LEVELS) {
    const d = { p50: med("direct", c, "p50"), p99: med("direct", c, "p99") };
    const fw = { p50: med("forwarder", c, "p50") - d.p50, p99: med("forwarder", c, "p99") - d.p99 };
    const db = { p50: med("dashboard", c, "p50") - d.p50, p99: med("dashboard", c, "p99") - d.p99 };
    const r50 = db.p50 / fw.p50;
    const r99 = db.p99 / fw.p99;
    console.log(
      `| ${c} | ${fmt(d.p50)} / ${fmt(d.p99)} | +${fmt(fw.p50)} / +${fmt(fw.p99)} | +${fmt(db.p50)} / +${fmt(db.p99)} ` +
        `| ${r50.toFixed(2)}× / ${r99.toFixed(2)}× | ${r50 <= 1.5 && r99 <= 1.5 ? "PASS" : "FAIL"} |`,
    );
  }
}
