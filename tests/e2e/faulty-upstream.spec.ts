// The app configured for a real (here: deliberately broken) upstream with a live key.
import { expect, test } from "@playwright/test";
import { badge, charge, headline, uniqueDescription } from "./support/charge";

test("a live key shows LIVE and the bundled sandbox is switched off", async ({ page, request }) => {
  await page.goto("/charges/new");
  await expect(page.getByTestId("key-mode")).toHaveText("LIVE");
  const sandbox = await request.get("/sandbox/v1/user", { headers: { Authorization: "Bearer sk_test_momo_sandbox_2f6c1e9a" } });
  expect(sandbox.status()).toBe(404);
});

test("the account page explains an upstream failure", async ({ page }) => {
  await page.goto("/account");
  const alert = page.getByRole("alert").filter({ hasText: "The account could not be loaded" });
  await expect(alert).toContainText("down for maintenance");
  await expect(alert.getByRole("button", { name: "Try again" })).toBeVisible();
});

test("a reset connection leaves the charge unknown, not lost", async ({ page }) => {
  await charge(page, { amount: "8.00", phone: "0249999999", description: uniqueDescription("reset") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  await expect(page.getByTestId("upstream-message")).toContainText("connection to the upstream broke");
});

test("an unreadable answer leaves the charge unknown", async ({ page }) => {
  await charge(page, { amount: "8.00", phone: "0241111111", description: uniqueDescription("garbage") });
  await expect(badge(page)).toHaveText("Unknown");
});

test("a refused key fails the charge with the upstream's words", async ({ page }) => {
  await charge(page, { amount: "8.00", phone: "0242222222", description: uniqueDescription("revoked") });
  await expect(headline(page)).toHaveText("Charge failed");
  await expect(page.getByTestId("upstream-message")).toContainText("revoked");
});
