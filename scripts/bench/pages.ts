// ── 2. Server CPU per page ──
// What one request for a page costs the server, beside a reference page that does the same
// work in a plain Next.js app (scripts/bench/reference-app/app/ref): the signed-in list of 50
// charges, and the sign-in page. Ten requests at a time; the server's CPU time from /proc.
// Targets, as ratios in one run (issue 27): the list at most 1.25× the reference list's Node CPU,
// the sign-in page at most 1.5× the reference sign-in's. The reference sign-in is built once and
// served as a file; a row beside it renders the same page per request, as a page with a CSP nonce
// must be rendered: that is the floor of the dashboard's own sign-in, printed for context.
import {
  drive,
  fmt,
  formBody,
  groupCpu,
  idem,
  median,
  openConnections,
  postgresCpu,
  startStub,
  withDashboard,
  withForwarder,
} from "./shared";

const TARGET_RATIOS: Record<Page["kind"], number> = { list: 1.25, "sign-in": 1.5 };
const REQUESTS = 400;

type Page = {
  name: string;
  kind: "list" | "sign-in";
  who: "dashboard" | "reference" | "context";
  url: string;
  cookie: string;
  pid: number;
};
type Fig = { nodeMs: number; dbMs: number; perSecond: number; kB: number };

export async function pages(rounds: number): Promise<void> {
  const stub = await startStub();
  const figs = new Map<string, Fig[]>();
  let list: Page[] = [];
  try {
    await withForwarder(3417, stub.url, async (forwarder, refPid) =>
      withDashboard(3418, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
        const signedIn = await fetch(`${forwarder}/durable/session`, { method: "POST" });
        const refCookie = signedIn.headers.getSetCookie()[0]?.split(";")[0] ?? "";
        // Both lists get more than a page of charges.
        for (let i = 0; i < 60; i++) {
          const made = await Promise.all([
            fetch(`${app.base}/api/charges`, {
              method: "POST",
              headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: formBody(),
            }),
            fetch(`${forwarder}/durable`, {
              method: "POST",
              headers: { cookie: refCookie, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: formBody(),
            }),
          ]);
          for (const res of made) if (!res.ok) throw new Error(`a charge for the lists: ${res.status} ${await res.text()}`);
        }
        list = [
          {
            name: "/transactions (50 rows)",
            kind: "list",
            who: "dashboard",
            url: `${app.base}/transactions`,
            cookie: app.cookie,
            pid: app.pid,
          },
          {
            name: "reference list (50 rows)",
            kind: "list",
            who: "reference",
            url: `${forwarder}/ref/list`,
            cookie: refCookie,
            pid: refPid,
          },
          { name: "/sign-in", kind: "sign-in", who: "dashboard", url: `${app.base}/sign-in`, cookie: "", pid: app.pid },
          { name: "reference sign-in", kind: "sign-in", who: "reference", url: `${forwarder}/ref/login`, cookie: "", pid: refPid },
          {
            name: "reference sign-in, rendered per request",
            kind: "sign-in",
            who: "context",
            url: `${forwarder}/ref/login-per-request`,
            cookie: "",
            pid: refPid,
          },
        ];
        const get = (p: Page) => () => fetch(p.url, { headers: p.cookie ? { cookie: p.cookie } : {}, redirect: "manual" });
        for (const p of list) {
          const res = await get(p)();
          const html = await res.text();
          if (res.status !== 200) throw new Error(`${p.name} answered ${res.status}`);
          const rows = (html.match(p.who === "dashboard" ? /data-testid="charge-row"/g : /<tr><td>/g) ?? []).length;
          if (p.kind === "list" && rows !== 50) throw new Error(`${p.name} shows ${rows} rows, not 50`);
          await drive(10, 100, get(p)); // warm-up
        }
        for (let round = 1; round <= rounds; round++) {
          for (const p of list) {
            let bytes = 0;
            const send = async () => {
              const res = await get(p)();
              const body = await res.arrayBuffer();
              bytes += body.byteLength;
              return new Response(null, { status: res.status });
            };
            await openConnections(10, get(p));
            const [node0, db0, t0] = [groupCpu(p.pid), postgresCpu(), performance.now()];
            await drive(10, REQUESTS, send);
            const [node1, db1, t1] = [groupCpu(p.pid), postgresCpu(), performance.now()];
            const fig = {
              nodeMs: (node1 - node0) / REQUESTS,
              dbMs: (db1 - db0) / REQUESTS,
              perSecond: REQUESTS / ((t1 - t0) / 1000),
              kB: bytes / REQUESTS / 1024,
            };
            figs.set(p.name, [...(figs.get(p.name) ?? []), fig]);
          }
          console.log(`pages: round ${round}/${rounds} done`);
        }
      }),
    );
  } finally {
    await stub.close();
  }
  const med = (name: string, k: keyof Fig) => median(figs.get(name)!.map((f) => f[k]));
  console.log(`\n2. Server CPU per page request, 10 at a time, ${REQUESTS} requests a round (medians of ${rounds} rounds)`);
  console.log("| page | Node CPU ms / request | database CPU ms / request | requests/s | kB of HTML | target |");
  console.log("|---|---|---|---|---|---|");
  for (const p of list) {
    const node = med(p.name, "nodeMs");
    const reference = list.find((r) => r.kind === p.kind && r.who === "reference")!;
    const ratio = node / med(reference.name, "nodeMs");
    const target = TARGET_RATIOS[p.kind];
    const floor = list.find((r) => r.kind === p.kind && r.who === "context");
    const overFloor = floor && p.who === "dashboard" ? `; ${(node / med(floor.name, "nodeMs")).toFixed(2)}× the per-request floor` : "";
    console.log(
      `| ${p.name} | ${fmt(node)} | ${fmt(med(p.name, "dbMs"))} | ${med(p.name, "perSecond").toFixed(0)} | ${med(p.name, "kB").toFixed(1)} ` +
        `| ${
          p.who === "reference"
            ? "reference"
            : p.who === "context"
              ? `context: ${ratio.toFixed(2)}× the reference, the floor of a page rendered per request`
              : `${ratio.toFixed(2)}× the reference: ${ratio <= target ? "PASS" : "FAIL"} (≤ ${target}×)${overFloor}`
        } |`,
    );
  }
}
