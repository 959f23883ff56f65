// The possible-duplicate question, in Chromium at desktop and phone widths, on a server of its
// own with DUPLICATE_WINDOW_MINUTES on (the shared servers turn it off: their suites charge the
// same test numbers again and again). The second charge of one amount to one number asks first:
// Cancel sends nothing; Charge again sends it once. The API refuses it unconfirmed with 409
// naming the field, whatever form the number is typed in; a replayed key is still a replay.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { signedInApi } from "../support/attack";
import { signInAs } from "../support/charge";
import { type AppServer, startAppServer } from "../support/app-server";
import { port } from "../support/ports";
import { E2E_PASSWORD, emailOf } from "../support/users";

test.describe.configure({ mode: "serial" });
test.setTimeout(90_000);

let app: AppServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer("duplicates", port(3221), "seed", {
    E2E_PASSWORD,
    SWEEP_INTERVAL_SECONDS: "0",
    DUPLICATE_WINDOW_MINUTES: "10",
  });
});
test.afterAll(() => app?.stop());

const json = { "Content-Type": "application/json" };
const body = (phoneNumber: string, amount: string, extra: Record<string, unknown> = {}) => ({
  amount,
  currency: "GHS",
  phoneNumber,
  provider: "mtn",
  description: "duplicate check",
  ...extra,
});

async function chargeInBrowser(page: Page, phone: string, amount: string) {
  await page.goto("/charges/new");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Customer's phone number").fill(phone);
  await page.getByRole("button", { name: "Charge customer" }).click();
}

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: the same amount to the same number asks first; Cancel sends nothing, Charge again sends once`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: app.base, viewport: { width, height: 900 } });
    const page = await context.newPage();
    // The question is an expected answer (409): no script error, no line of ours in the console;
    // the browser's own note of the status is its, not an error (docs/decisions/expected-answers.md).
    const logged: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") logged.push(m.text());
    });
    page.on("pageerror", (e) => logged.push(`script error: ${e.message}`));
    await signInAs(page, emailOf("staff"), E2E_PASSWORD);
    const amount = name === "desktop" ? "41.00" : "42.00";

    await chargeInBrowser(page, "0240000001", amount);
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    const first = new URL(page.url()).pathname.split("/").pop();

    // The number typed another way is the same number.
    await chargeInBrowser(page, "+233 24 000 0001", amount);
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog.getByRole("heading", { name: "Charge this number again?" })).toBeVisible();
    await expect(dialog.getByTestId("duplicate-message")).toHaveText(
      new RegExp(`^GH₵${amount} was charged to this number \\d+ minutes? ago \\(Success\\)\\. Charge again\\?$`),
    );
    await expect(dialog.getByRole("link", { name: "Open the earlier charge (new tab)" })).toHaveAttribute("href", `/transactions/${first}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The safe choice is the default (focused); the risky one is not the primary style.
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Charge again" })).not.toHaveClass(/bg-brand-600/);
    await expect(dialog.getByRole("button", { name: "Charge again" })).toHaveClass(/text-status-failed/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not charged" })).toBeVisible();
    await expect(page).toHaveURL(/\/charges\/new$/);

    await page.getByRole("button", { name: "Charge customer" }).click();
    await dialog.getByRole("button", { name: "Charge again" }).click();
    await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
    const second = new URL(page.url()).pathname.split("/").pop();
    expect(second).not.toBe(first);
    expect(logged.filter((line) => !/^Failed to load resource: the server responded with a status of 409 /.test(line))).toEqual([]);

    // Exactly two charges of this amount: the cancelled attempt wrote nothing.
    const api = await signedInApi(app.base, emailOf("staff"), E2E_PASSWORD);
    const { charges } = (await (await api.get("/api/charges")).json()) as { charges: { amountMinor: number }[] };
    expect(charges.filter((c) => c.amountMinor === Math.round(Number(amount) * 100))).toHaveLength(2);
    await api.dispose();
    await context.close();
  });
}

test("the API: 409 naming the field unless confirmed; a replayed key is a replay; confirmDuplicate must be a boolean", async () => {
  const api = await signedInApi(app.base, emailOf("staff"), E2E_PASSWORD);
  const post = (data: unknown, key = randomUUID()) =>
    api.post("/api/charges", { data, headers: { ...json, "Idempotency-Key": `dup_${key}` } });
  const key = randomUUID();
  const first = await post(body("0240000001", "43.00"), key);
  expect(first.status()).toBe(201);
  // The same attempt again (a dropped connection): its own row, not a duplicate of itself.
  expect((await post(body("0240000001", "43.00"), key)).status()).toBe(200);
  for (const phone of ["0240000001", "+233240000001", "233 24 000 0001", "024-000-0001"]) {
    const again = await post(body(phone, "43.00"));
    expect(again.status(), phone).toBe(409);
    const { error } = await again.json();
    expect(error.code).toBe("possible_duplicate");
    expect(error.fields.phoneNumber).toMatch(/^GH₵43\.00 was charged to this number/);
    expect(error.fields.duplicateOf).toBe((await first.json()).charge.id);
  }
  // Another amount, or a failed earlier charge, is not a duplicate.
  expect((await post(body("0240000001", "43.01"))).status()).toBe(201);
  expect((await post(body("0240000004", "44.00"))).status()).toBe(201); // declined by the sandbox
  expect((await post(body("0240000004", "44.00"))).status()).toBe(201);
  expect((await post(body("0240000001", "43.00", { confirmDuplicate: "yes" }))).status()).toBe(422);
  expect((await post(body("0240000001", "43.00", { confirmDuplicate: true }))).status()).toBe(201);
  await api.dispose();
});
