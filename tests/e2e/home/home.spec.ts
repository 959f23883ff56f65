// The home page (docs/decisions/home.md) as each role uses it, at 390 and 1280 px, light and dark:
// what waits (each kind: a batch to approve, a charge to reconcile, a pay link's unknown attempt,
// a member to enrol; a failing webhook endpoint in tests/e2e/webhooks/failing.spec.ts) is a count
// that opens the page showing it and is gone from there once dealt with;
// today's figures take a new charge in; staff see their own and keep New charge one tap away; the
// page loads no script file. The counts' exact arithmetic, on a ledger of the test's own, is in
// tests/unit/home/ (here other tests charge on the same ledger at the same time).
import type { Page } from "@playwright/test";
import { request } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { clientAddress } from "../support/attack";
import { addMember, ownerApi } from "../support/members";
import { pressLikeAPerson } from "../support/press";
import { enrolTwoFactor } from "../support/two-factor";
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

test.describe("as the owner, what else waits", () => {
  test.use({ role: "owner" });

  test("a pay link whose attempt's outcome is unknown waits: the count opens those links, and once settled the link is not there", async ({
    page,
    baseURL,
    browserAs,
  }) => {
    test.setTimeout(60_000);
    const staff = await apiAs("staff", baseURL!);
    const description = `home pay link ${Date.now()}`;
    const made = await staff.post("/api/payment-requests", {
      data: { amount: "2.00", currency: "GHS", description },
      headers: { "Content-Type": "application/json" },
    });
    expect(made.status(), await made.text()).toBe(201);
    const link = (await made.json()).request as { id: string; path: string };
    // A customer pays with the sandbox's slow number, whose outcome is unknown past the timeout. The
    // pay page lets a number have 3 unapproved prompts in 10 minutes: pay-page.spec.ts spends two of
    // 0240000006's, shop.spec.ts one of 0240000005's, this test the other.
    const customer = await browserAs("anonymous", { extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
    const pay = await customer.newPage();
    await pay.goto(link.path);
    await pay.getByLabel("Your mobile money number").fill("0240000005");
    await pressLikeAPerson(pay, pay.getByRole("button", { name: "Pay GH₵2.00" }));
    await expect(pay.getByRole("heading", { name: "We do not know yet whether this payment went through" })).toBeVisible({
      timeout: 15_000,
    });
    await customer.close();

    await page.setViewportSize(PHONE);
    await page.goto("/");
    const waiting = page.getByTestId("waiting-payLinks").getByRole("link");
    await expect(waiting).toHaveText(/^\d[\d,]* pay links? with an attempt whose outcome is unknown/);
    await waiting.click();
    await expect(page).toHaveURL(/\/pay-links\?attempt=unknown$/);
    await expect(page.getByText(description)).toBeVisible();

    const attempts = (await (await staff.get(`/api/payment-requests/${link.id}`)).json()).attempts as { chargeId: string }[];
    const owner = await apiAs("owner", baseURL!);
    const settled = await owner.post(`/api/charges/${attempts[0].chargeId}/resolve`, { data: { outcome: "failed", note: "Not debited" } });
    expect(settled.status()).toBe(200);
    await page.reload();
    await expect(page.getByText(description)).toHaveCount(0);
  });

  test("a member whose role requires two-factor and who has not set it up waits: the count opens the team's two-factor list", async ({
    page,
    baseURL,
  }) => {
    const owner = await ownerApi(baseURL!);
    const member = await addMember(owner, "support", "home-enrol");
    await page.goto("/");
    const waiting = page.getByTestId("waiting-enrol").getByRole("link");
    await expect(waiting).toHaveText(/^\d[\d,]* members? still to set up two-factor sign-in/);
    await waiting.click();
    await expect(page).toHaveURL(/\/team#two-factor$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeInViewport();
    const row = page.getByTestId("two-factor-member").filter({ hasText: member.email });
    await expect(row).toContainText("Not set up");

    // They sign in and set it up: no longer waiting.
    const theirs = await request.newContext({ baseURL });
    const signedIn = await theirs.post("/api/session", { data: { email: member.email, password: member.password } });
    expect(signedIn.status()).toBe(200);
    await enrolTwoFactor(theirs, member.email, member.password);
    await theirs.dispose();
    await page.reload();
    await expect(row).toContainText("On");
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
