// ── 1. Overhead per charge ──
// Time the dashboard adds per charge over calling the upstream directly, beside two references
// built in scripts/bench/reference-app: a bare forwarding route handler, and a durable reference that
// does the least a correct charge proxy can (session lookup, zod, INSERT with a unique key, the
// upstream call, UPDATE) on the same database as the dashboard. At concurrency 1/10/100, in turn,
// each round; with the server and database CPU each spends per charge, read from /proc.
import {
  drive,
  openConnections,
  formBody,
  fmt,
  groupCpu,
  idem,
  KEY,
  median,
  pct,
  postgresCpu,
  startStub,
  withDashboard,
  withForwarder,
} from "./shared";

const ratio = (r: number) => (Number.isFinite(r) ? `${r.toFixed(2)}×` : "—");
const UPSTREAM_BODY = JSON.stringify({
  amount: 1,
  currency: "GHS",
  phone_number: "0240000001",
  provider: "mtn",
  vouchers: "",
  description: "bench",
});

export async function overhead(rounds: number): Promise<void> {
  const stub = await startStub();
  const LEVELS = [
    { c: 1, n: 300 },
    { c: 10, n: 1000 },
    { c: 100, n: 2000 },
  ];
  type Fig = { p50: number; p99: number; nodeMs: number; dbMs: number };
  const figs = new Map<string, Fig[]>(); // `${target}@${c}` → one per round
  try {
    await withForwarder(3411, stub.url, async (forwarder, refPid) =>
      withDashboard(3412, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
        const signedIn = await fetch(`${forwarder}/durable/session`, { method: "POST" });
        const refCookie = signedIn.headers.getSetCookie()[0]?.split(";")[0] ?? "";
        if (signedIn.status !== 204 || !refCookie) throw new Error(`the durable reference's session: ${signedIn.status}`);
        const targets: Record<string, { send: () => Promise<Response>; pid: number | null }> = {
          direct: {
            pid: null,
            send: () =>
              fetch(`${stub.url}/v1/payments/momo/charge`, {
                method: "POST",
                headers: { Authorization: `Bearer ${KEY}`, "Content-Type": "application/json" },
                body: UPSTREAM_BODY,
              }),
          },
          forwarder: {
            pid: refPid,
            send: () =>
              fetch(`${forwarder}/forward`, { method: "POST", headers: { "Content-Type": "application/json" }, body: UPSTREAM_BODY }),
          },
          durable: {
            pid: refPid,
            send: () =>
              fetch(`${forwarder}/durable`, {
                method: "POST",
                headers: { cookie: refCookie, "Content-Type": "application/json", "Idempotency-Key": idem() },
                body: formBody(),
              }),
          },
          dashboard: {
            pid: app.pid,
            send: () =>
              fetch(`${app.base}/api/charges`, {
                method: "POST",
                headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
                body: formBody(),
              }),
          },
        };
        for (const { send } of Object.values(targets)) await drive(10, 100, send); // warm-up
        for (let round = 1; round <= rounds; round++) {
          for (const { c, n } of LEVELS) {
            // Side by side: the four in turn at the same concurrency, every round.
            for (const [name, { send, pid }] of Object.entries(targets)) {
              await openConnections(c, send);
              const [node0, db0] = [pid ? groupCpu(pid) : 0, postgresCpu()];
              const ms = await drive(c, n, send);
              const [node1, db1] = [pid ? groupCpu(pid) : 0, postgresCpu()];
              const list = figs.get(`${name}@${c}`) ?? [];
              list.push({ p50: pct(ms, 50), p99: pct(ms, 99), nodeMs: (node1 - node0) / n, dbMs: (db1 - db0) / n });
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
  const added = (name: string, c: number) => ({
    p50: med(name, c, "p50") - med("direct", c, "p50"),
    p99: med(name, c, "p99") - med("direct", c, "p99"),
  });
  // Not a target (issue 27, part 4): printed so that a regression is seen. The durable reference
  // keeps none of the dashboard's guarantees (the budget, the duplicate check, the audit entry).
  console.log(`\n1. Time added per charge over calling the upstream directly (medians of ${rounds} rounds; ms) — context, not a target`);
  console.log(
    "| concurrency | direct p50 / p99 | forwarder adds | durable reference adds | dashboard adds " +
      "| dashboard ÷ forwarder | dashboard ÷ durable (p50 / p99) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const { c } of LEVELS) {
    const fw = added("forwarder", c);
    const du = added("durable", c);
    const db = added("dashboard", c);
    // A reference's added time at or under zero (the direct call's own tail was longer) is no ratio.
    const r50 = du.p50 > 0 ? db.p50 / du.p50 : Number.NaN;
    const r99 = du.p99 > 0 ? db.p99 / du.p99 : Number.NaN;
    console.log(
      `| ${c} | ${fmt(med("direct", c, "p50"))} / ${fmt(med("direct", c, "p99"))} | +${fmt(fw.p50)} / +${fmt(fw.p99)} ` +
        `| +${fmt(du.p50)} / +${fmt(du.p99)} | +${fmt(db.p50)} / +${fmt(db.p99)} ` +
        `| ${ratio(fw.p50 > 0 ? db.p50 / fw.p50 : Number.NaN)} / ${ratio(fw.p99 > 0 ? db.p99 / fw.p99 : Number.NaN)} ` +
        `| ${ratio(r50)} / ${ratio(r99)} |`,
    );
  }
  // The tail at the highest concurrency, as latencies rather than added times.
  const top = LEVELS.at(-1)!.c;
  const tail = med("dashboard", top, "p99") / med("durable", top, "p99");
  console.log(
    `\nTail at concurrency ${top}: dashboard p99 ${fmt(med("dashboard", top, "p99"))} ms ÷ durable reference p99 ` +
      `${fmt(med("durable", top, "p99"))} ms = ${ratio(tail)}`,
  );
  console.log(`\nCPU per charge (ms; medians of ${rounds} rounds; the database's only on PostgreSQL — PGlite runs inside the app)`);
  console.log("| concurrency | durable: Node / database | dashboard: Node / database | dashboard ÷ durable (Node + database) |");
  console.log("|---|---|---|---|");
  for (const { c } of LEVELS) {
    const du = { node: med("durable", c, "nodeMs"), db: med("durable", c, "dbMs") };
    const da = { node: med("dashboard", c, "nodeMs"), db: med("dashboard", c, "dbMs") };
    console.log(
      `| ${c} | ${fmt(du.node)} / ${fmt(du.db)} | ${fmt(da.node)} / ${fmt(da.db)} | ${((da.node + da.db) / (du.node + du.db)).toFixed(2)}× |`,
    );
  }
}
