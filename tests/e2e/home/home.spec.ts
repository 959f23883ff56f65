// The home page (docs/decisions/home.md) as each role uses it, at 390 and 1280 px, light and dark:
// what waits is a count that opens the page showing it and is gone from there once dealt with;
// today's figures take a new charge in; staff see their own and keep New charge one tap away; the
// page loads no script file. The counts' exact arithmetic, on a ledger of the test's own, is in
// tests/unit/home/ (here other tests charge on the same ledger at the same time).
import type { Page } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { axeViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { SCRIPT_FILES } from "../support/script-files";

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1280, height: 900 };
const asNumber = (text: string) => Number(text.replace(/[^\d.]/g, "") || "0");
const count = async (page: Page) => asNumber(await page.getByTestId("today-count-value").innerText());

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("at 390 and 1280 px, light and dark: waiting, today, the chart and the latest charges, no script file, axe-core 0", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (SCRIPT_FILES.test(new URL(r.url()).pathname)) scripts.push(r.url());
    });
    for (const size of [PHONE, WIDE]) {
      await page.setViewportSize(size);
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Waiting for you" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
      await expect(page.getByRole("img", { name: /Charges by hour today/ })).toBeVisible();
      await expect(page.getByTestId("home-new-charge")).toBeVisible();
      // Nothing runs past the screen's edge on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        expect(await axeViolations(page, { label: `home ${size.width} px (${colorScheme})` })).toEqual([]);
      }
    }
    expect(scripts).toEqual([]);
  });

  test("a charge whose outcome is unknown waits: the count opens the queue, and once settled it is not there", async ({
    page,
    baseURL,
  }) => {
    const staff = await apiAs("staff", baseURL!);
    const before = await (async () => {
      await page.goto("/");
      return count(page);
    })();
    const unknown = await chargeVia(staff, { amount: "6.10", phone: "0240000006", description: "home unknown" });
    await page.goto("/");
    expect(await count(page)).toBeGreaterThanOrEqual(before + 1);
    const waiting = page.getByTestId("waiting-queue").getByRole("link");
    await expect(waiting).toHaveText(/^\d[\d,]* charges? to reconcile/);
    await waiting.click();
    await expect(page).toHaveURL(/\/reconcile$/);
    // Oldest first there; other tests' unknown charges come before this one: newest first, it is on top.
    await page.goto("/reconcile?order=newest");
    await expect(page.locator(`a[href^="/reconcile/${unknown.id}"]`)).toHaveCount(1);

    const owner = await apiAs("owner", baseURL!);
    const settled = await owner.post(`/api/charges/${unknown.id}/resolve`, { data: { outcome: "failed", note: "Not debited" } });
    expect(settled.status()).toBe(200);
    await page.goto("/reconcile?order=newest");
    await expect(page.locator(`a[href^="/reconcile/${unknown.id}"]`)).toHaveCount(0);
  });

  test("a staff member's batch waits for the owner's approval: the count opens the batches awaiting it", async ({ page, baseURL }) => {
    const staff = await apiAs("staff", baseURL!);
    const label = `home approval ${Date.now()}`;
    const made = await staff.post("/api/batches", {
      data: { label, rows: [{ phone: "0240000001", amount: "1.00", description: label }] },
    });
    expect(made.status(), await made.text()).toBe(201);
    await page.goto("/");
    const waiting = page.getByTestId("waiting-approvals").getByRole("link");
    await expect(waiting).toHaveText(/bulk batch(es)? to approve/);
    await waiting.click();
    await expect(page).toHaveURL(/\/batches\?status=awaiting_approval$/);
    await expect(page.getByRole("link", { name: "Awaiting approval" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(label)).toBeVisible();
  });
});

test.describe("as staff", () => {
  test.use({ role: "staff" });

  test("at 390 px: their own charges today, a new one counted; New charge is one tap", async ({ page, baseURL }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Your charges today" })).toBeVisible();
    const before = await count(page);
    const staff = await apiAs("staff", baseURL!);
    await chargeVia(staff, { amount: "2.20", phone: "0240000001", description: "home staff" });
    await page.goto("/");
    expect(await count(page)).toBeGreaterThanOrEqual(before + 1);
    await expect(page.getByTestId("waiting-none")).toHaveText("Nothing is waiting for you.");
    await page.getByTestId("home-new-charge").click();
    await expect(page).toHaveURL(/\/charges\/new$/);
  });
});
