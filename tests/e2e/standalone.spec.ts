// The deployable build: `node .next/standalone/server.js`, assembled by scripts/standalone.sh
// exactly as the deploy guide (docs/operations.md) says, started on an empty database. A smoke test: it
// serves pages and static files, migrates, runs the first-run set-up, and charges.
import { expect, test } from "@playwright/test";
import { charge, headline } from "./support/charge";
import { enrolInBrowser } from "./support/two-factor";

// A caller that writes its own X-Forwarded-For: with no proxy declared (TRUSTED_PROXY_HOPS=0, the
// default; playwright.config.ts), the server counts the socket's address and ignores it.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" } });

test("the standalone server sets up, signs in and charges through the sandbox", async ({ page, request }) => {
  const first = await page.goto("/transactions");
  await expect(page).toHaveURL(/\/setup$/);
  // Production headers from the standalone server too.
  expect(first?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(first?.headers()["strict-transport-security"]).toMatch(/^max-age=/);
  await page.getByLabel("Your name").fill("Ama Standalone");
  await page.getByLabel("Email").fill("ama@standalone.test");
  await page.getByLabel("Password").fill("standalone-owner-password");
  await page.getByRole("button", { name: "Create the owner account" }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await enrolInBrowser(page, "ama@standalone.test", "standalone-owner-password", { justChosen: true });
  await expect(page).toHaveURL(/\/$/);

  // The session's address is the socket's (lib/http/peer.ts, through server.js), not the header's.
  await page.goto("/profile");
  await expect(page.getByText("Address: 127.0.0.1")).toBeVisible();
  await expect(page.getByText("203.0.113.77")).toHaveCount(0);

  await charge(page, { amount: "4.00", phone: "0240000001" });
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(page.getByTestId("status-badge")).toHaveText("Success");

  // Static files are served (the page hydrated above), and the sandbox still wants its key.
  expect((await request.get("/sandbox/v1/user")).status()).toBe(401);
});
