// Every page × {anonymous, staff, support, owner}: the expected status, as a table. Sessions are
// the ones the setup project saved through the sign-in page. Pages are server components, which
// need Next's rendering: they are asked for over HTTP here. The route handlers' rows, the
// cross-site POST and the session cookie's flags are vitest's (tests/unit/http/access-matrix.test.ts,
// on both databases).
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { stateOf } from "../support/users";
import { pageRows, WHO, type Who } from "../support/matrix";
import { uniqueKey } from "../support/api";

const charge = { amount: "1.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "access matrix" };
const json = { "Content-Type": "application/json" };
let chargeId = "";

const PAGES = pageRows(() => chargeId);

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async ({ baseURL }) => {
  for (const who of WHO) {
    contexts.set(
      who,
      await playwrightRequest.newContext({ baseURL, storageState: who === "anonymous" ? undefined : stateOf(who), maxRedirects: 0 }),
    );
  }
  const created = await contexts
    .get("staff")!
    .post("/api/charges", { data: charge, headers: { ...json, "Idempotency-Key": uniqueKey("matrix_seed") } });
  expect(created.status()).toBe(201);
  chargeId = (await created.json()).charge.id;
});

test.afterAll(async () => {
  for (const c of contexts.values()) await c.dispose();
});

for (const page of PAGES) {
  test(`page ${page.path().replace(/[0-9a-f-]{36}$/, "{id}")}`, async () => {
    for (const who of WHO) {
      const res = await contexts.get(who)!.get(page.path());
      expect(res.status(), `${page.path()} as ${who}`).toBe(page.expect[who]);
      if (who === "anonymous" && res.status() === 307 && page.path() !== "/") {
        expect(res.headers().location).toContain(`/sign-in?next=${encodeURIComponent(page.path())}`);
      }
    }
  });
}
