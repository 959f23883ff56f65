// One search box (docs/decisions/search.md) as people use it: from the header's link on a phone and
// its box on a wide screen, `/` from anywhere but a field, a charge found by its words and by its
// number however written (masked for staff when someone else made it), with no script file on the
// results page, and axe-core at 0 in both schemes. What is searched, and how, is attacked in
// tests/unit/search/results.test.ts.
import { apiAs, chargeVia } from "../support/api";
import { axeViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { SCRIPT_FILES } from "../support/script-files";

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1600, height: 900 };

test.describe("as staff", () => {
  test.use({ role: "staff" });

  test("at 390 px: the header's link, a charge by its words and by its number written another way, masked; no script file; axe-core 0", async ({
    page,
    baseURL,
  }) => {
    const words = `search cocoa ${Date.now()}`;
    // A number of this test's own (any number but the sandbox's test ones succeeds at once).
    const digits = String(Date.now() % 10_000_000).padStart(7, "0");
    const phone = `0244${digits.slice(1)}`;
    const written = `024 4${digits.slice(1, 3)} ${digits.slice(3)}`; // as the app writes it whole
    const owner = await apiAs("owner", baseURL!);
    await chargeVia(owner, { amount: "3.30", phone, description: words });
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (SCRIPT_FILES.test(new URL(r.url()).pathname)) scripts.push(r.url());
    });
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await page.getByTestId("search-link").click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole("combobox", { name: /A reference, a phone number/ });
    await box.fill(words);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(words).replace(/%20/g, "\\+")}$`));
    const charges = page.getByTestId("search-charges");
    await expect(charges.getByTestId("charge-row")).toHaveCount(1);
    await expect(charges).toContainText(words);
    // Made by the owner: staff see the number masked.
    await expect(charges).not.toContainText(written);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, { label: `search ${colorScheme}` })).toEqual([]);
    }
    // The same number written as from abroad, with spaces.
    await page.goto(`/search?q=${encodeURIComponent(`+233 24 4${digits.slice(1, 3)} ${digits.slice(3)}`)}`);
    // The owner's charge among those found, masked; staff's own show whole, as in the history.
    const owners = page.getByTestId("search-charges").getByTestId("charge-row").filter({ hasText: words });
    await expect(owners).toHaveCount(1);
    await expect(owners).toContainText("024 ••• ••");
    await expect(owners).not.toContainText(written);
    expect(scripts).toEqual([]);
  });
});

test.describe("as staff, every kind", () => {
  test.use({ role: "staff" });

  test("at 1280 px: a customer by name and by number however written, a pay link by its reference, a batch by its label, a charge by the network's reference; another's number masked", async ({
    page,
    baseURL,
  }) => {
    const tag = Date.now().toString(36);
    const digits = String(Date.now() % 10_000_000).padStart(7, "0");
    const phone = `0246${digits.slice(1)}`;
    const owner = await apiAs("owner", baseURL!);
    const json = { "Content-Type": "application/json" };
    // The owner's customer: staff see the number masked.
    const customer = await owner.post("/api/customers", {
      data: { name: `Yaw Kind${tag}`, phoneNumber: phone, provider: "mtn", reference: `KIND-${tag}` },
      headers: json,
    });
    expect(customer.status(), await customer.text()).toBe(201);
    const link = await owner.post("/api/payment-requests", {
      data: { amount: "3.00", currency: "GHS", description: `Kind link ${tag}`, reference: `INV-${tag}` },
      headers: json,
    });
    expect(link.status(), await link.text()).toBe(201);
    const batch = await owner.post("/api/batches", {
      data: { label: `Kind dues ${tag}`, rows: [{ phone: "0240000001", amount: "1.00", description: `kind ${tag}` }] },
      headers: json,
    });
    expect(batch.status(), await batch.text()).toBe(201);
    const made = await chargeVia(owner, { amount: "7.70", phone: "0240000001", description: `kind charge ${tag}` });

    await page.setViewportSize({ width: 1280, height: 900 });
    const search = async (q: string) => {
      await page.goto(`/search?${new URLSearchParams({ q })}`);
      await expect(page.getByTestId("search-summary")).toBeVisible();
    };
    const whole = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    for (const q of [
      `kind${tag}`,
      phone,
      `+233 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
      `KIND-${tag}`.toLowerCase(),
    ]) {
      await search(q);
      const found = page.getByTestId("search-customers");
      await expect(found, q).toContainText(`Yaw Kind${tag}`);
      await expect(found, q).toContainText("024 ••• ••");
      await expect(page.getByTestId("search-results"), q).not.toContainText(whole);
    }
    await search(`inv-${tag}`);
    await expect(page.getByTestId("search-pay-links")).toContainText(`Kind link ${tag}`);
    await search(`dues ${tag}`);
    await expect(page.getByTestId("search-batches")).toContainText(`Kind dues ${tag}`);
    if (made.reference) {
      await search(made.reference.toLowerCase());
      await expect(page.getByTestId("search-charges")).toContainText(`kind charge ${tag}`);
    }
    await search(made.id);
    await expect(page.getByTestId("search-charges")).toContainText(`kind charge ${tag}`);
  });
});

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("at 1600 px the header's box: / focuses it, Enter searches; nothing found says so", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/transactions");
    const box = page.getByRole("combobox", { name: "Search charges, customers, pay links and batches" });
    await expect(box).toBeVisible();
    await expect(page.getByTestId("search-link")).toBeHidden();
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await box.fill(`nothing like this ${Date.now()}`);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=nothing\+like\+this/);
    await expect(page.getByTestId("search-summary")).toHaveText(/^Nothing matches “nothing like this \d+”\.$/);
  });

  test("at 1280 px, / opens the search page from a list, and there focuses its box; in a field it is only typed", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/customers");
    await page.keyboard.press("/");
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole("combobox", { name: /A reference, a phone number/ });
    await page.locator("h1").click();
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await page.keyboard.type("a/b");
    await expect(box).toHaveValue("a/b");
  });
});
