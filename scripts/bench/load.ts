// ── 3. 200 signed-in members at once ──
// Each acting about once a second for 60 s.
import { benchSignIn } from "./sign-in";
import { formBody, fmt, idem, pct, sleep, startStub, withDashboard } from "./shared";

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

/** `users`: 200 is the target; fewer shows what this machine holds. */
export async function load(users: number): Promise<void> {
  const SECONDS = 60;
  const stub = await startStub();
  try {
    await withDashboard(3414, { MOMO_BASE_URL: stub.url, MOMO_REQUESTS_PER_MINUTE: "100000" }, async (app) => {
      const cookies = await signInMembers(app.base, app.cookie, users);
      const byKind = new Map<string, number[]>();
      let errors = 0;
      const firstErrors: string[] = [];
      const end = Date.now() + SECONDS * 1000;
      const act = async (cookie: string) => {
        await sleep(Math.random() * 1000);
        while (Date.now() < end) {
          const r = Math.random();
          const kind = r < 0.3 ? "charge" : r < 0.8 ? "history" : "account";
          const t = performance.now();
          const page = kind === "history" ? (Math.random() < 0.5 ? "/transactions" : "/transactions?status=success") : "/account";
          const res =
            kind === "charge"
              ? await fetch(`${app.base}/api/charges`, {
                  method: "POST",
                  headers: { cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
                  body: formBody(),
                }).catch((e: unknown) => String(e))
              : await fetch(`${app.base}${page}`, { headers: { cookie } }).catch((e: unknown) => String(e));
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
      console.log(
        `\n3. ${users} signed-in members, each acting about once a second for ${SECONDS} s ` +
          "(30% charge, 50% history page, 20% account page)",
      );
      console.log("| action | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|");
      for (const [kind, ms] of byKind) {
        ms.sort((a, b) => a - b);
        console.log(`| ${kind} | ${ms.length} | ${fmt(pct(ms, 50))} | ${fmt(pct(ms, 95))} | ${fmt(pct(ms, 99))} |`);
      }
      const p99 = pct(all, 99);
      console.log(`| all | ${all.length} | ${fmt(pct(all, 50))} | ${fmt(pct(all, 95))} | ${fmt(p99)} |`);
      const pass = errors === 0 && p99 <= 500;
      console.log(
        `errors: ${errors}${firstErrors.length ? ` (${firstErrors.join("; ")})` : ""}; ` +
          `throughput ${(all.length / SECONDS).toFixed(0)} requests/s → ${pass ? "PASS" : "FAIL"} (0 errors, p99 ≤ 500 ms)`,
      );
    });
  } finally {
    await stub.close();
  }
}
