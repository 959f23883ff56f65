// The staff pages before any script (issue 44): with JavaScript off, at a phone's width, a member
// reaches every page from the menu, filters the history, pages through it and opens a charge; with
// JavaScript on, a press made as soon as the HTML is parsed — the page's scripts held back, as on a
// slow phone — is not lost on the menu, a filter, a pager and the bell.
import type { Page, Route } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { NAV_PAGES, SETTINGS_PAGES } from "../support/nav";
import { SCRIPT_FILES } from "../support/script-files";

const PHONE = { width: 390, height: 844 };
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });
const menu = (page: Page) => page.getByTestId("site-menu");
const rows = (page: Page) => page.getByTestId("charge-row");
const filters = (page: Page) => page.getByRole("search", { name: "Search and filter charges" });

test.use({ role: "owner" });

/** 27 charges of their own: a page of 25 and an older page of 2. */
async function twentySevenCharges(baseURL: string): Promise<string> {
  const staff = await apiAs("staff", baseURL);
  const tag = uniqueDescription("no-scripts");
  for (let i = 0; i < 27; i++) await chargeVia(staff, { amount: "1.00", phone: "0240000001", description: `${tag} #${i}` });
  await staff.dispose();
  return tag;
}

test("at 390 px with JavaScript off: every page from the menu, the history filtered, paged and a charge opened", async ({
  browserAs,
  baseURL,
}) => {
  const tag = await twentySevenCharges(baseURL!);
  const context = await browserAs("owner", { baseURL, viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/transactions");
  for (const [name, href] of [...NAV_PAGES.owner, ...SETTINGS_PAGES.owner, ["Your profile", "/profile"]] as const) {
    await menuButton(page).click();
    await menu(page)
      .getByRole("link", { name, exact: name !== "Your profile" })
      .click();
    await expect(page, name).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 }), name).toBeVisible();
    await expect(menu(page)).toBeHidden();
  }
  await page.getByTestId("bell").click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  // The history: filtered by the form (a GET), 25 a page, the older page, a charge.
  await page.goto("/transactions");
  await filters(page).getByLabel("Search").fill(tag);
  await filters(page).getByRole("button", { name: "Apply" }).click();
  await expect(rows(page)).toHaveCount(27);
  await page.getByRole("link", { name: "Show 25 per page" }).click();
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText(`${tag} #26`);
  await page.getByRole("link", { name: "Older →" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).last()).toContainText(`${tag} #0`);
  await page.getByRole("link", { name: "← Newer" }).click();
  await expect(rows(page)).toHaveCount(25);
  await rows(page).first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`${tag} #26`).first()).toBeVisible();
  await context.close();
});

/** Holds back the page's own scripts (a slow phone) until `release()`; counts the requests for them. */
async function holdScripts(page: Page) {
  const waiting: Route[] = [];
  let held = true;
  await page.route(
    (url) => SCRIPT_FILES.test(url.pathname) && url.pathname.endsWith(".js"),
    (route) => (held ? void waiting.push(route) : route.continue()),
  );
  return {
    count: () => waiting.length,
    release: async () => {
      held = false;
      for (const route of waiting.splice(0)) await route.continue().catch(() => {});
    },
  };
}

test.describe("a press before the page's scripts have run is not lost", () => {
  test.use({ viewport: PHONE });

  test("on the menu and a page in it", async ({ page }) => {
    const held = await holdScripts(page);
    // A form page (its island's module held back) and one of its links to a list (the lists load no
    // script file at all).
    await page.goto("/charges/new", { waitUntil: "domcontentloaded" });
    await menuButton(page).click();
    await menu(page).getByRole("link", { name: "Bulk", exact: true }).click();
    await expect(page).toHaveURL(/\/batches$/);
    expect(held.count()).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: "Bulk charges" })).toBeVisible();
    await held.release();
  });

  test("on a filter and a pager", async ({ page, baseURL }) => {
    const tag = await twentySevenCharges(baseURL!);
    const held = await holdScripts(page);
    await page.goto("/transactions?size=25", { waitUntil: "domcontentloaded" });
    await filters(page).getByLabel("Search").fill(tag);
    await filters(page).getByLabel("Search").press("Enter");
    await expect(page).toHaveURL(new RegExp(`q=${tag.replace(/ /g, "\\+")}`));
    await expect(rows(page)).toHaveCount(25);
    await page.getByRole("link", { name: "Older →" }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).last()).toContainText(`${tag} #0`);
    // There was nothing to wait for: the history loads no script file (pages/transactions), only
    // its inline ones, so no press on it can come before its scripts.
    expect(held.count()).toBe(0);
    await held.release();
  });

  test("on the bell", async ({ page }) => {
    const held = await holdScripts(page);
    await page.goto("/charges/new", { waitUntil: "domcontentloaded" });
    await page.getByTestId("bell").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    expect(held.count()).toBeGreaterThan(0);
    await held.release();
  });
});
