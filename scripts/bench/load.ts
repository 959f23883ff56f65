// ── 7. Signed-in members at once, and 5. members per core ──
// Members each acting about once a second (30% charge, 50% history page, 20% account page):
// 200 of them for 60 s against one server; then, level by level, how many one server holds at
// p99 ≤ 500 ms with no error, pinned to one core, and how many two servers behind nginx (round
// robin) hold on one PostgreSQL.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { withNginx } from "./nginx";
import { benchSignIn } from "./sign-in";
import { BENCH_DB, formBody, fmt, idem, pct, sleep, startStub, withDashboard } from "./shared";

/** Members made through the team API, then each signed in through the sign-in API; their cookies. */
async function signInMembers(base: string, ownerCookie: string, users: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < users; i++) {
    const email = `load-${i}-${Date.now()}@bench.test`;
    const password = `load-password-${i}-0000`;
    const add = await fetch(`${base}/api/team`, {
      method: "POST",
      headers: { cookie: ownerCookie, Origin: base, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Load ${i}`, email, role: "owner", password }),
    });
    if (add.status !== 201) throw new Error(`adding member ${i}: ${add.status} ${await add.text()}`);
    // Owners enrol in two-factor at their first sign-in, as the default policy leads them to.
    cookies.push(await benchSignIn(base, email, password));
  }
  return cookies;
}

type Level = { byKind: Map<string, number[]>; all: number[]; errors: number; firstErrors: string[]; p99: number; pass: boolean };
const P99_TARGET_MS = 500;

/** Each member acting about once a second for `seconds`. */
async function actFor(base: string, cookies: string[], seconds: number): Promise<Level> {
  const byKind = new Map<string, number[]>();
  let errors = 0;
  const firstErrors: string[] = [];
  const end = Date.now() + seconds * 1000;
  const act = async (cookie: string) => {
    await sleep(Math.random() * 1000);
    while (Date.now() < end) {
      const r = Math.random();
      const kind = r < 0.3 ? "charge" : r < 0.8 ? "history" : "account";
      const t = performance.now();
      const page = kind === "history" ? (Math.random() < 0.5 ? "/transactions" : "/transactions?status=success") : "/account";
      const res =
        kind === "charge"
          ? await fetch(`${base}/api/charges`, {
              method: "POST",
              headers: { cookie, Origin: base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: formBody(),
            }).catch((e: unknown) => String(e))
          : await fetch(`${base}${page}`, { headers: { cookie } }).catch((e: unknown) => String(e));
      const ok = typeof res !== "string" && res.ok;
      if (typeof res !== "string") await res.arrayBuffer();
      const ms = performance.now() - t;
      if (!ok) {
        errors++;
        if (firstErrors.length < 5) firstErrors.push(`${kind}: ${typeof res === "string" ? res : res.status}`);
      } else (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(ms);
      await sleep(Math.max(0, 1000 - ms) * (0.8 + Math.random() * 0.4));
    }
  };
  await Promise.all(cookies.map(act));
  const all = [...byKind.values()].flat().sort((a, b) => a - b);
  const p99 = all.length ? pct(all, 99) : Number.POSITIVE_INFINITY;
  return { byKind, all, errors, firstErrors, p99, pass: errors === 0 && p99 <= P99_TARGET_MS };
}

/** `users`: 200 is the target; fewer shows what this machine holds. */
export async function load(users: number): Promise<void> {
  const SECONDS = 60;
  const stub = await startStub();
  try {
    await withDashboard(3414, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
      const cookies = await signInMembers(app.base, app.cookie, users);
      const level = await actFor(app.base, cookies, SECONDS);
      console.log(
        `\n7. ${users} signed-in members, each acting about once a second for ${SECONDS} s ` +
          "(30% charge, 50% history page, 20% account page)",
      );
      console.log("| action | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|");
      for (const [kind, ms] of level.byKind) {
        ms.sort((a, b) => a - b);
        console.log(`| ${kind} | ${ms.length} | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 95))} | ${fmt(pct(ms, 99))} |`);
      }
      const { all } = level;
      console.log(`| all | ${all.length} | ${fmt(pct(all, 50))} | ${fmt(pct(all, 95))} | ${fmt(level.p99)} |`);
      console.log(
        `errors: ${level.errors}${level.firstErrors.length ? ` (${level.firstErrors.join("; ")})` : ""}; ` +
          `throughput ${(all.length / SECONDS).toFixed(0)} requests/s → ${level.pass ? "PASS" : "FAIL"} (0 errors, p99 ≤ ${P99_TARGET_MS} ms)`,
      );
    });
  } finally {
    await stub.close();
  }
}

// ── Members per core ──
const LEVELS = [25, 50, 75, 100, 150, 200, 300, 400, 600, 800];
const LEVEL_SECONDS = 20;

/** The highest level held (p99 ≤ 500 ms, no error), stepping up until one is not. */
async function ramp(label: string, base: string, ownerCookie: string): Promise<{ held: number; lines: string[] }> {
  const cookies: string[] = [];
  const lines: string[] = [];
  let held = 0;
  for (const members of LEVELS) {
    cookies.push(...(await signInMembers(base, ownerCookie, members - cookies.length)));
    const level = await actFor(base, cookies, LEVEL_SECONDS);
    const line =
      `| ${label} | ${members} | ${(level.all.length / LEVEL_SECONDS).toFixed(0)} | ${fmt(pct(level.all, 50))} | ${fmt(level.p99)} ` +
      `| ${level.errors}${level.firstErrors.length ? ` (${level.firstErrors[0]})` : ""} | ${level.pass ? "held" : "not held"} |`;
    lines.push(line);
    console.log(`members: ${line}`);
    if (!level.pass) break;
    held = members;
  }
  return { held, lines };
}

export async function membersPerCore(): Promise<void> {
  const stub = await startStub();
  const env = { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" };
  // This process (the members' side) on core 0 and one server on core 1; PostgreSQL where it may.
  const twoCores = os.cpus().length >= 2;
  if (twoCores) spawnSync("taskset", ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  const lines: string[] = [];
  let one = 0;
  let two: number | null = null;
  try {
    await withDashboard(
      3420,
      env,
      async (app) => {
        const r = await ramp("one server", app.base, app.cookie);
        one = r.held;
        lines.push(...r.lines);
      },
      twoCores ? "1" : undefined,
    );
    if (!BENCH_DB) lines.push("| two servers | — | — | — | — | — | needs BENCH_DATABASE_URL: two servers share one PostgreSQL |");
    else if (!existsSync("/usr/sbin/nginx")) lines.push("| two servers | — | — | — | — | — | needs nginx (apt-get install -y nginx) |");
    else {
      // One server on each core, nginx in front; the members and PostgreSQL share the machine.
      if (twoCores) spawnSync("taskset", ["-a", "-p", "-c", "0,1", String(process.pid)], { stdio: "ignore" });
      await withDashboard(
        3421,
        env,
        async (a) =>
          withDashboard(
            3422,
            env,
            async () =>
              withNginx(3423, [3421, 3422], async (base) => {
                const r = await ramp("two servers + nginx", base, a.cookie);
                two = r.held;
                lines.push(...r.lines);
              }),
            twoCores ? "1" : undefined,
          ),
        twoCores ? "0" : undefined,
      );
    }
  } finally {
    await stub.close();
  }
  console.log(
    `\n5. Members per core: members each acting about once a second (as in 3), ${LEVEL_SECONDS} s a level, ` +
      `held while p99 ≤ ${P99_TARGET_MS} ms with no error`,
  );
  console.log("| servers | members | requests/s | p50 ms | p99 ms | errors | |\n|---|---|---|---|---|---|---|");
  for (const l of lines) console.log(l);
  console.log(
    `one server (one core) holds ${one} members` +
      (two === null ? "" : `; two servers behind nginx hold ${two}: scaling ×${one ? ((two as number) / one).toFixed(2) : "—"}`),
  );
}
