// The production server's request ids and probes, as a browser and a load balancer meet them: a
// page's answer and an API answer carry X-Request-Id (this server is behind a declared proxy,
// TRUSTED_PROXY_HOPS=1: a well-formed id it sends is kept, any other replaced), and the health
// probes answer without a session, never led to /sign-in. What each does in depth is in vitest
// (tests/unit/http/request-id.test.ts, tests/unit/health/probes.test.ts).
import { expect, test } from "../support/fixtures";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.use({ role: "owner" });

test("pages and the API carry a request id; the probes answer anyone", async ({ page, playwright, baseURL }) => {
  const answer = await page.goto("/transactions");
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["x-request-id"]).toMatch(UUID);

  const kept = await page.request.get("/api/charges", { headers: { "X-Request-Id": "lb-7f3a.42" } });
  expect(kept.headers()["x-request-id"]).toBe("lb-7f3a.42");
  const replaced = await page.request.get("/api/charges", { headers: { "X-Request-Id": `x${"y".repeat(64)}` } });
  expect(replaced.headers()["x-request-id"]).toMatch(UUID);

  const anyone = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  try {
    for (const [path, status] of [
      ["/api/health", "ok"],
      ["/api/ready", "ready"],
    ]) {
      const probe = await anyone.get(path);
      expect(probe.status(), path).toBe(200);
      expect(await probe.json()).toEqual({ status });
      expect(probe.headers()["cache-control"]).toBe("no-store");
      expect(probe.headers()["x-request-id"]).toMatch(UUID);
    }
  } finally {
    await anyone.dispose();
  }
});
