// ── 6. The budget at twice the allowed load ──
// 2,000 charges a minute offered for 2 minutes against the 1,000/min budget.
import { formBody, idem, sleep, startStub, withDashboard } from "./shared";

export async function budget(): Promise<void> {
  const stub = await startStub();
  stub.enforce = 1_000; // the upstream's own limit, counted over any 60 s
  const OFFERED_PER_MIN = 2_000;
  const MINUTES = 2;
  const results = { sent: 0, delayed: 0, refused: 0, unclear: 0, errors: 0 };
  const refusals = new Set<string>();
  try {
    // A key of its own: its window starts empty, whatever charges the parts before left in the
    // last minute on a shared BENCH_DATABASE_URL (the stand-in takes any key).
    const key = `sk_live_bench_budget_${Date.now().toString(36)}`;
    await withDashboard(3413, { MOMO_BASE_URL: stub.url, MOMO_API_KEY: key }, async (app) => {
      const start = Date.now();
      const gap = 60_000 / OFFERED_PER_MIN;
      const pending: Promise<void>[] = [];
      for (let i = 0; i < OFFERED_PER_MIN * MINUTES; i++) {
        const due = start + i * gap;
        if (due > Date.now()) await sleep(due - Date.now());
        pending.push(
          (async () => {
            const t = Date.now();
            const res = await fetch(`${app.base}/api/charges`, {
              method: "POST",
              headers: { cookie: app.cookie, Origin: app.base, "Content-Type": "application/json", "Idempotency-Key": idem() },
              body: formBody(),
            }).catch(() => null);
            if (!res) return void results.errors++;
            const body = (await res.json().catch(() => null)) as {
              charge?: { status: string };
              error?: { code: string; message: string };
            } | null;
            if (res.status === 201 && body?.charge?.status === "success") {
              results.sent++;
              if (Date.now() - t > 250) results.delayed++;
            } else if (
              res.status === 429 &&
              body?.error?.code === "budget_exhausted" &&
              /try again in \d+ s\.$/.test(body.error.message) &&
              res.headers.get("retry-after")
            ) {
              results.refused++;
              refusals.add(body.error.message.replace(/\d+ s\.$/, "N s."));
            } else if (res.status === 201)
              results.unclear++; // charged but not success: the upstream refused it
            else results.errors++;
          })(),
        );
      }
      await Promise.all(pending);
      const perMinute = Array.from(
        { length: MINUTES },
        (_, m) => stub.posts.filter((t) => t >= start + m * 60_000 && t < start + (m + 1) * 60_000).length,
      );
      console.log(
        `\n6. Budget at twice the allowed load: ${OFFERED_PER_MIN.toLocaleString("en")} charges/min offered for ${MINUTES} min, ` +
          "budget 1,000/min (the upstream stand-in answers 429 beyond 1,000 in any 60 s)",
      );
      console.log("| minute | sent upstream | target ≥ 990 |\n|---|---|---|");
      for (const [m, n] of perMinute.entries()) console.log(`| ${m + 1} | ${n} | ${n >= 990 ? "PASS" : "FAIL"} |`);
      console.log(`| upstream 429s | ${stub.limited} | ${stub.limited === 0 ? "PASS" : "FAIL"} (target 0) |`);
      const clean = results.unclear + results.errors === 0;
      console.log(
        `charges offered ${OFFERED_PER_MIN * MINUTES}: sent ${results.sent} (of them waited > 250 ms: ${results.delayed}), ` +
          `refused with a clear message ${results.refused}, other ${results.unclear}, errors ${results.errors} ` +
          `→ ${clean ? "PASS" : "FAIL"}`,
      );
      for (const m of refusals) console.log(`refusal said: "${m}"`);
    });
  } finally {
    await stub.close();
  }
}
