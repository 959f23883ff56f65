// Settings → API keys as an owner keeps them, at 1280 and 390 px: a key made for a shop, shown once
// with its signing secret and copied; it works on /api/v1/ at once and is never on the page again;
// revoked (asked first), it is refused at once. The reference page lists the API's operations from
// its document. axe-core finds nothing in either scheme.
import { request } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { reauth } from "../support/reauth";
import { expectAccessible } from "../support/webhooks";

test.use({ role: "owner", permissions: ["clipboard-read", "clipboard-write"] });

for (const [name, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${name}: an owner makes a key, sees it once, and revokes it; the API refuses it at once`, async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    await reauth(page.request);
    await page.goto("/settings/api-keys");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    const keyName = `Web shop ${name} ${Date.now().toString(36)}`;
    const form = page.getByTestId("api-key-form");
    await form.getByLabel("Name").fill(keyName);
    await form.getByRole("checkbox", { name: /Read charges/ }).check();
    await form.getByRole("button", { name: "Make key" }).click();

    const shown = page.getByTestId("api-key-shown");
    await expect(shown).toContainText("shown only this once");
    const secret = await shown.getByRole("textbox", { name: "API key" }).inputValue();
    expect(secret).toMatch(/^mdk_test_[A-Za-z0-9]{32}$/);
    expect(await shown.getByRole("textbox", { name: "Signing secret" }).inputValue()).toMatch(/^whsec_/);
    await shown.getByRole("button", { name: "Copy API key" }).click();
    await expect(shown).toContainText("Copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.getByTestId("api-key-row").filter({ hasText: keyName });
    await expect(row).toContainText(secret.slice(0, 13));
    await expectAccessible(page, `api keys ${name}`, [viewport.width]);

    // It works at once, and the page never shows it again.
    // A shop's own client: no cookie of the owner's browser (a session beside a key is refused).
    const shop = await request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
    });
    const used = await shop.get("/api/v1/charges?limit=1");
    expect(used.status(), await used.text()).toBe(200);
    await page.reload();
    expect(await page.content()).not.toContain(secret.slice(13, 21));
    await expect(row.getByTestId("api-key-last-used")).not.toHaveText("Never");

    // Revoked, asked first: refused on the next request.
    await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`${secret.slice(0, 13)}…`);
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(row.getByTestId("api-key-state")).toContainText("Revoked");
    expect((await shop.get("/api/v1/charges?limit=1")).status()).toBe(401);
    await shop.dispose();
  });
}

test("the reference lists every operation of the API, from its document", async ({ page }) => {
  await page.goto("/settings/api-keys");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const doc = await (await page.request.get("/api/v1/openapi.json")).json();
  const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} /api/v1${p}`),
  );
  await expect(page.getByTestId("api-operation").getByRole("heading", { level: 3 })).toHaveText(operations);
  await expect(page.getByText("Idempotency-Key").first()).toBeVisible();
});
