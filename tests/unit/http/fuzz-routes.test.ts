// Fuzzing the charge, team-change and sandbox routes with fast-check (the form routes are in
// fuzz-forms.test.ts), on each database: malformed bodies, headers, query strings and ids, as the
// owner (who may reach every handler's parser) and as nobody, through the app's route handlers
// in-process (../support/route-harness.ts). Every answer is below 500; every refusal has the
// { error: { code, message } } shape; and the ledger holds the same charges afterwards.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { reversalSchema } from "@/lib/reversals/schema";
import { backends } from "../support/db";
import {
  ascii,
  auth,
  badKey,
  bodies,
  contentType,
  expectHandled,
  FUZZ_TIMEOUT,
  foreignOrigin,
  isCharge,
  jsonFrom,
  key,
  ledgerIds,
  query,
  runsOn,
  seen,
  segmentId,
  upstreamBody,
  VALID_CHARGE,
  wire,
} from "../support/fuzz";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "fuzz-owner-password-0123";

describe.each(backends)("the charge routes fuzzed, on $name", { timeout: FUZZ_TIMEOUT }, (backend) => {
  const RUNS = runsOn(backend);
  const app = useRouteHarness(backend);
  const json = jsonFrom(app.origin);
  const anonymous = app.client();
  let signedIn: Client;
  const owner = () => signedIn;
  let before: string[];

  beforeAll(async () => {
    await app.addMember("owner@fuzz.test", "owner", PASSWORD);
    signedIn = (await app.signIn("owner@fuzz.test", PASSWORD)).client;
    // At least one charge, so that "the same charges afterwards" is not a comparison of nothing.
    const made = await signedIn.fetch("/api/charges", {
      method: "POST",
      body: { amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "fuzz baseline" },
      headers: json({ "Idempotency-Key": key() }),
    });
    expect(made.status).toBe(201);
    before = await ledgerIds(signedIn);
    expect(before.length).toBeGreaterThan(0);
  }, 60_000);

  afterAll(async () => {
    // Nothing the fuzzer sent made, removed or replaced a charge.
    expect(await ledgerIds(signedIn)).toEqual(before);
    console.log(`fuzz: answers by status ${JSON.stringify(Object.fromEntries([...seen].sort((a, b) => a[0] - b[0])))}`);
  });

  test("POST /api/charges: malformed bodies are refused and charge nothing", async () => {
    await fc.assert(
      fc.asyncProperty(wire(bodies(VALID_CHARGE, isCharge)), async (body) => {
        await expectHandled(owner(), { method: "POST", path: "/api/charges", headers: json({ "Idempotency-Key": key() }), body });
      }),
      { numRuns: RUNS * 3 },
    );
  });

  test("POST /api/charges: malformed headers are refused, even with a valid body", async () => {
    await fc.assert(
      fc.asyncProperty(badKey, contentType, fc.boolean(), async (k, type, dropKey) => {
        const headers: Record<string, string> = { ...json(), "Content-Type": /^application\/json\b/i.test(type) ? "text/plain" : type };
        if (!dropKey) headers["Idempotency-Key"] = k;
        // Either the key or the content type is wrong (or both): never a charge.
        await expectHandled(owner(), {
          method: "POST",
          path: "/api/charges",
          headers: { ...headers, ...(dropKey ? {} : { "Content-Type": "application/json" }) },
          body: JSON.stringify(VALID_CHARGE),
        });
        await expectHandled(owner(), {
          method: "POST",
          path: "/api/charges",
          headers: { ...headers, "Idempotency-Key": key() },
          body: JSON.stringify(VALID_CHARGE),
        });
      }),
      { numRuns: RUNS },
    );
  });

  test("requests from elsewhere or from nobody are refused, whatever they carry", async () => {
    await fc.assert(
      fc.asyncProperty(foreignOrigin(app.origin()), ascii(200), async (origin, cookie) => {
        await expectHandled(owner(), {
          method: "POST",
          path: "/api/charges",
          headers: { ...json(), Origin: origin, "Idempotency-Key": key() },
          body: JSON.stringify(VALID_CHARGE),
        });
        await expectHandled(anonymous, {
          method: "POST",
          path: "/api/charges",
          headers: { ...json(), Cookie: cookie, "Idempotency-Key": key() },
          body: JSON.stringify(VALID_CHARGE),
        });
        await expectHandled(anonymous, { method: "GET", path: "/api/charges", headers: { Cookie: cookie } });
      }),
      { numRuns: RUNS },
    );
  });

  test("GET routes: random query strings never break a handler", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "/api/charges",
          "/api/charges/export",
          "/api/audit",
          "/api/audit/export",
          "/api/team",
          "/api/budget",
          "/api/team/invites",
          "/api/business/logo",
          "/api/business",
          "/api/notifications",
          "/api/notifications/unread",
          "/api/profile/notifications",
          "/api/search",
        ),
        query,
        async (path, q) => {
          await expectHandled(owner(), { method: "GET", path: `${path}?${q}` }, true);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  test("charge, check, resolve, reversal and team routes: random ids and bodies are refused", async () => {
    const isResolution = (b: unknown) => resolutionSchema.safeParse(b).success;
    const isReversal = (b: unknown) => reversalSchema.safeParse(b).success;
    await fc.assert(
      fc.asyncProperty(
        segmentId,
        wire(bodies({ outcome: "failed", note: "fuzzing" }, isResolution)),
        wire(bodies({ amount: "0.01", method: "cash", note: "fuzzing" }, isReversal)),
        wire(fc.jsonValue()),
        async (chargeId, resolution, reversal, change) => {
          await expectHandled(owner(), { method: "GET", path: `/api/charges/${chargeId}` });
          await expectHandled(owner(), { method: "POST", path: `/api/charges/${chargeId}/check`, headers: json() });
          await expectHandled(owner(), { method: "POST", path: `/api/charges/${chargeId}/resolve`, headers: json(), body: resolution });
          await expectHandled(owner(), { method: "POST", path: `/api/charges/${chargeId}/reversals`, headers: json(), body: reversal });
          await expectHandled(owner(), { method: "PATCH", path: `/api/team/${chargeId}`, headers: json(), body: change });
          await expectHandled(owner(), { method: "POST", path: "/api/notifications/read", headers: json(), body: change });
          await expectHandled(owner(), { method: "PUT", path: "/api/profile/notifications", headers: json(), body: change });
        },
      ),
      { numRuns: RUNS },
    );
  });

  test("oversized bodies are refused without being read", async () => {
    for (const [method, path, size = 2_000_000] of [
      ["POST", "/api/charges"],
      ["POST", "/api/session"],
      ["POST", "/api/team"],
      ["POST", "/api/team/invites"],
      ["POST", `/api/invites/${"x".repeat(43)}`],
      ["POST", "/api/profile/password"],
      ["POST", "/api/session/two-factor"],
      ["POST", "/api/profile/two-factor"],
      ["POST", "/api/profile/two-factor/confirm"],
      ["PUT", "/api/security/two-factor"],
      ["PUT", "/api/business"],
      ["PUT", "/api/business/logo"],
      ["PUT", "/api/profile/theme"],
      ["POST", "/api/notifications/read"],
      ["PUT", "/api/profile/notifications"],
      ["POST", "/api/charges/00000000-0000-4000-8000-000000000000/reversals"],
      ["POST", "/api/customers"],
      ["PATCH", "/api/customers/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/batches/00000000-0000-4000-8000-000000000000/decision"],
      ["POST", "/api/batches/00000000-0000-4000-8000-000000000000/control"],
      // The one route that takes more than 16 kB (10,000 rows) still refuses more than that needs.
      ["POST", "/api/batches", 7_000_000],
      ["POST", "/api/customers/import", 9_000_000],
    ] as [string, string, number?][]) {
      await expectHandled(owner(), {
        method,
        path,
        headers: json({ "Idempotency-Key": key() }),
        body: `{"description":"${"x".repeat(size)}"}`,
      });
    }
  });

  test("the bundled sandbox's routes refuse malformed requests in the same shape", async () => {
    await fc.assert(
      // "." and ".." are dot segments: the client resolves them away and the address ends in "/",
      // which Next.js answers with a 308 to the same path without it, as it should.
      fc.asyncProperty(
        auth,
        upstreamBody,
        ascii(30).filter((r) => r !== "." && r !== ".."),
        async (authorization, body, reference) => {
          const headers: Record<string, string> = authorization
            ? { Authorization: authorization, "Content-Type": "application/json" }
            : { "Content-Type": "application/json" };
          await expectHandled(anonymous, { method: "POST", path: "/sandbox/v1/payments/momo/charge", headers, body });
          await expectHandled(anonymous, {
            method: "GET",
            path: `/sandbox/v1/payments/momo/charge/${encodeURIComponent(reference) || "x"}`,
            headers,
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
