// GET /api/metrics, the route handler called with a real Request on each database: off without
// METRICS_TOKEN, the token only as a bearer, a scrape Prometheus can read (a strict parser,
// ../support/exposition.ts), moved by a charge made through the real use case against the sandbox
// over HTTP, and free of anything about a customer or a member: labels come from closed sets only.
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createCharge } from "@/lib/charges/create";
import { BudgetExhausted } from "@/lib/momo/budget";
import { ALL_SPECS, OTHER } from "@/lib/metrics/names";
import { count } from "@/lib/metrics/registry";
import { metricsAnswer } from "@/lib/metrics/scrape";
import { budgetOn } from "../support/budget";
import { chargeInput, newKey } from "../support/charge";
import { backends } from "../support/db";
import { parseExposition, sampleValue } from "../support/exposition";
import { faults, sendJson } from "../support/http-server";
import { plantCharge, useChargeUpstream } from "../support/ledger";
import { dispatch, useRouteHarness } from "../support/route-harness";

const TOKEN = "metrics-token-for-the-tests-0123456789abcdef";
const EMAIL = "kwabena.mensah@example.com";
const PASSWORD = "metrics-password-0123";
const DESCRIPTION = "Groceries for Kwabena Mensah-Owusu (kwabena.mensah@example.com)";

/** The route module read again with METRICS_TOKEN as given ("" is unset): lib/env.ts parses once per module. */
function withToken(value: string): void {
  vi.stubEnv("METRICS_TOKEN", value);
  vi.resetModules();
}

/**
 * A number in any spelling (024…, 233…, +233…, 24…, with spaces, dots or dashes between its
 * digits), not as the middle of a longer number (a byte count).
 */
function anySpelling(local: string): RegExp {
  return new RegExp(`(?<![0-9])(?:\\+?233|0)?${local.slice(1).split("").join("[\\s.-]?")}(?![0-9])`);
}

describe.each(backends)("GET /api/metrics on $name", (backend) => {
  const app = useRouteHarness(backend);
  const { upstream, deps } = useChargeUpstream(app.db);
  const budget = budgetOn(app.db);
  let memberId = "";
  beforeAll(async () => {
    memberId = await app.addMember(EMAIL, "staff", PASSWORD);
  });
  const get = (query = "", headers: Record<string, string> = {}) =>
    dispatch(new Request(`${app.origin()}/api/metrics${query}`, { headers: { host: new URL(app.origin()).host, ...headers } }));
  const scrape = async () => {
    const res = await get("", { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  test("off without METRICS_TOKEN: 404, with or without a bearer", async () => {
    withToken("");
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await get("", headers);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toMatch(/momo_|process_/);
    }
  });

  describe("with METRICS_TOKEN", () => {
    beforeAll(() => withToken(TOKEN));

    test("401 without the bearer, with a wrong one, and with the token anywhere but the header", async () => {
      const refused = [
        get(),
        get("", { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }),
        get("", { authorization: `Bearer ${TOKEN}x` }),
        get("", { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` }),
        get("", { authorization: TOKEN }),
        get(`?token=${TOKEN}`),
        get(`?access_token=${TOKEN}`),
        get("", { cookie: `metrics_token=${TOKEN}; token=${TOKEN}` }),
      ];
      // A member's session opens nothing here either.
      refused.push((await app.signIn(EMAIL, PASSWORD)).client.fetch("/api/metrics"));
      for (const res of await Promise.all(refused)) {
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
        expect(await res.text()).not.toMatch(/momo_|process_/);
      }
    });

    test("a charge moves the charge counter and the upstream's latency; the scrape parses and names no customer", async () => {
      const before = parseExposition(await scrape());
      const wrong = await app.client().fetch("/api/session", {
        method: "POST",
        body: { email: EMAIL, password: `${PASSWORD}-not` },
        headers: { "content-type": "application/json" },
      });
      expect(wrong.status).toBe(401);
      await app.signIn(EMAIL, PASSWORD);
      const success = await createCharge(deps(), chargeInput({ phoneNumber: "0240000001", description: DESCRIPTION }), newKey(), memberId);
      const failed = await createCharge(deps(), chargeInput({ phoneNumber: "0240000004", description: DESCRIPTION }), newKey(), memberId);
      expect([success.charge.status, failed.charge.status]).toEqual(["success", "failed"]);
      await plantCharge(app.db(), { status: "unknown", phoneNumber: "0241234567", description: DESCRIPTION });
      const text = await scrape();
      const after = parseExposition(text);

      const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(moved("momo_charges_total", { outcome: "success", network: "mtn" })).toBe(1);
      expect(moved("momo_charges_total", { outcome: "failed", network: "mtn" })).toBe(1);
      expect(moved("momo_upstream_request_duration_seconds_count", { operation: "charge" })).toBe(2);
      expect(moved("momo_upstream_request_duration_seconds_bucket", { operation: "charge", le: "+Inf" })).toBe(2);
      expect(moved("momo_sign_in_failures_total", {})).toBe(1);
      // Read from the database at the scrape: the planted unknown charge is in the queue.
      expect(sampleValue(after, "momo_reconcile_queue_size")).toBe(1);
      expect(sampleValue(after, "momo_bulk_rows", { state: "queued" })).toBe(0);
      expect(after.types.get("process_resident_memory_bytes")).toBe("gauge");

      for (const phone of ["0240000001", "0240000004", "0241234567"]) expect(text).not.toMatch(anySpelling(phone));
      expect(text).not.toMatch(/Mensah|Groceries/i);
      expect(text).not.toMatch(/[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i);
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
      expect(text).not.toContain(memberId);
      for (const { charge } of [success, failed]) expect(text).not.toContain(String(charge.reference));
    });

    test("the upstream's failures by kind, a 429's pause, and the budget's refusals, full or paused", async () => {
      const before = parseExposition(await scrape());
      upstream.handle(faults.error500);
      await createCharge(deps(), chargeInput({ phoneNumber: "0240000021" }), newKey());
      upstream.handle(faults.hang);
      await createCharge(deps(300), chargeInput({ phoneNumber: "0240000022" }), newKey());
      upstream.handle((_req, res) => sendJson(res, 429, { message: "Too many requests" }, { "Retry-After": "7" }));
      const paused = budget(10);
      await createCharge({ ...deps(), budget: paused }, chargeInput({ phoneNumber: "0240000023" }), newKey());
      await expect(
        createCharge({ ...deps(), budget: paused }, chargeInput({ phoneNumber: "0240000024" }), newKey()),
      ).rejects.toBeInstanceOf(BudgetExhausted);
      upstream.handle(faults.error500);
      const full = budget(1, 0, "sk_test_metrics_full_0123456789");
      await createCharge({ ...deps(), budget: full }, chargeInput({ phoneNumber: "0240000025" }), newKey());
      await expect(createCharge({ ...deps(), budget: full }, chargeInput({ phoneNumber: "0240000026" }), newKey())).rejects.toBeInstanceOf(
        BudgetExhausted,
      );
      const after = parseExposition(await scrape());
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(moved("momo_upstream_errors_total", { operation: "charge", kind: "5xx" })).toBe(2);
      expect(moved("momo_upstream_errors_total", { operation: "charge", kind: "timeout" })).toBe(1);
      expect(moved("momo_upstream_errors_total", { operation: "charge", kind: "429" })).toBe(1);
      expect(moved("momo_upstream_pauses_total")).toBe(1);
      expect(moved("momo_budget_refusals_total", { reason: "paused" })).toBe(1);
      expect(moved("momo_budget_refusals_total", { reason: "full" })).toBe(1);
      expect(moved("momo_charges_total", { outcome: "unknown", network: "mtn" })).toBe(3);
      expect(sampleValue(after, "momo_budget_places_in_use")).toBeGreaterThanOrEqual(2);
    });

    test("every label of ours is one of its set: a value from outside is counted as other, never as itself", async () => {
      count("charges", { outcome: "success", network: "0241234567" as "mtn" });
      count("webhookDeliveries", { outcome: "ama.mensah@example.com" as "delivered" });
      const scraped = parseExposition(await scrape());
      expect(sampleValue(scraped, "momo_charges_total", { outcome: "success", network: OTHER })).toBeGreaterThanOrEqual(1);
      expect(sampleValue(scraped, "momo_webhook_deliveries_total", { outcome: OTHER })).toBeGreaterThanOrEqual(1);
      expect(scraped.samples.some((s) => Object.values(s.labels).some((v) => /0241234567|@/.test(v)))).toBe(false);
      const ours = scraped.samples.filter((s) => s.name.startsWith("momo_"));
      expect(ours.length).toBeGreaterThan(10);
      for (const sample of ours) {
        const spec = ALL_SPECS.find((s) => sample.name === s.name || sample.name.startsWith(`${s.name}_`));
        expect(spec, sample.name).toBeDefined();
        for (const [name, value] of Object.entries(sample.labels)) {
          if (name === "le") continue; // a histogram's bucket bound
          expect([...(spec?.labels[name] ?? []), OTHER], `${sample.name} ${name}`).toContain(value);
        }
      }
    });
  });
});

describe("a scrape while the database does not answer", () => {
  test("answers the counters and leaves the database's figures out, rather than repeating the last ones", async () => {
    const req = new Request("http://localhost/api/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    const sizes = { reconcileQueue: 3, bulkRows: { queued: 2 }, webhookBacklog: 1, budgetInUse: 4, budgetPlaces: 1000 };
    const up = parseExposition(await (await metricsAnswer(req.clone(), async () => sizes, TOKEN)).text());
    expect(sampleValue(up, "momo_reconcile_queue_size")).toBe(3);
    const down = await metricsAnswer(req, () => Promise.reject(new Error("connection refused")), TOKEN);
    expect(down.status).toBe(200);
    const scraped = parseExposition(await down.text());
    expect(scraped.samples.some((s) => s.name === "momo_reconcile_queue_size" || s.name === "momo_bulk_rows")).toBe(false);
    expect(scraped.types.get("momo_charges_total")).toBe("counter");
    expect(scraped.samples.some((s) => s.name === "process_resident_memory_bytes")).toBe(true);
  });
});

describe("the exposition parser", () => {
  const good = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1",y="q\\"\\n"} 3\n';

  test("reads the format", () => {
    expect(parseExposition(good).samples).toEqual([{ name: "a_total", labels: { x: "1", y: 'q"\n' }, value: 3 }]);
  });

  test.each([
    ["a value that is not a number", good.replace(" 3\n", " three\n")],
    ["an unquoted label value", good.replace('x="1"', "x=1")],
    ["a sample before its TYPE", "a_total 1\n"],
    ["a bad metric name", good.replace("a_total{", "a-total{")],
    ["a bad label name", good.replace('x="1"', '1x="1"')],
    ["an unterminated label value", '# TYPE a gauge\na{x="1} 2\n'],
    ["an unknown escape", '# TYPE a gauge\na{x="\\t"} 2\n'],
    ["no final newline", good.slice(0, -1)],
    ["a histogram series of another suffix", "# TYPE h histogram\nh_total 1\n"],
  ])("refuses %s", (_why, text) => {
    expect(() => parseExposition(text)).toThrow();
  });
});
