// Saved views in Chromium, at 390 and 1280 px, with no framework JavaScript on the pages: a view
// saved on /transactions is there after signing out and in again, and its link applies its
// filters; an owner shares a view and a support member sees it (and may not delete it); a view is
// deleted; axe-core finds nothing on Transactions, Reconcile and the audit log with the bar open.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { signInAs } from "../support/charge";
import { E2E_PASSWORD, emailOf } from "../support/users";

/** A name no other test (nor the other width's run) uses. */
const unique = (words: string) => `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bar = (page: Page) => page.getByTestId("views-bar");

/** Opens the "Save this view" disclosure (a native <details>) unless it is open already. */
async function openSave(page: Page) {
  const details = bar(page).locator("details");
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  await expect(bar(page).getByLabel("Name")).toBeVisible();
}

/** Opens "Save this view", names it, ticks sharing when asked, and saves. */
async function saveView(page: Page, name: string, share = false) {
  await openSave(page);
  await bar(page).getByLabel("Name").fill(name);
  if (share) await bar(page).getByLabel("Share with the team").check();
  await bar(page).locator("button[type=submit]", { hasText: "Save this view" }).click();
}

async function signOut(page: Page) {
  const signOutButton = page.getByRole("button", { name: "Sign out" });
  // On a phone it sits in the header's menu.
  if (!(await signOutButton.isVisible())) await page.getByRole("button", { name: "Menu" }).click();
  await signOutButton.click();
  await expect(page).toHaveURL(/\/sign-in/);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test.describe("a member's own view", () => {
      // A session of this test's own: signing out ends it, never the run's saved staff session.
      test.use({ role: "anonymous" });

      test("saved on /transactions, it is there after signing out and in again, and applies its filters", async ({ page }) => {
        await signInAs(page, emailOf("staff"), E2E_PASSWORD);
        // A cursor and an unknown parameter in the address are not kept; the filters are.
        await page.goto("/transactions?status=failed&network=mtn&from=2026-11-01&size=25&evil=1");
        const name = unique("Failed MTN");
        await saveView(page, name);
        await expect(page).toHaveURL(/\/transactions\?status=failed&network=mtn&from=2026-11-01&size=25$/);
        await expect(bar(page).getByRole("link", { name })).toHaveAttribute("aria-current", "true");

        await signOut(page);
        await signInAs(page, emailOf("staff"), E2E_PASSWORD);
        await page.goto("/transactions");
        const link = bar(page).getByRole("link", { name });
        await expect(link).not.toHaveAttribute("aria-current", "true");
        await link.click();
        await expect(page).toHaveURL(/\/transactions\?status=failed&network=mtn&from=2026-11-01&size=25$/);
        await expect(page.locator("select[name=status]")).toHaveValue("failed");
        await expect(page.locator("select[name=network]")).toHaveValue("mtn");
        await expect(page.locator("input[name=from]")).toHaveValue("2026-11-01");
        await expect(bar(page).getByRole("link", { name })).toHaveAttribute("aria-current", "true");

        // A name already taken is said, with what was typed kept.
        await saveView(page, name);
        await expect(bar(page).getByRole("alert")).toContainText(`You already have a view named “${name}”`);
        await expect(bar(page).getByLabel("Name")).toHaveValue(name);

        // Deleted: gone, the page as it was.
        await bar(page)
          .getByRole("button", { name: `Delete the view ${name}` })
          .click();
        await expect(page).toHaveURL(/\/transactions\?status=failed&network=mtn&from=2026-11-01&size=25$/);
        await expect(bar(page).getByRole("link", { name })).toHaveCount(0);
      });
    });

    // Sharing is the same at any width: it runs at 1280 px (the bar's layout at 390 is the test above's).
    if (width === 1280)
      test("an owner shares a view with the team; a support member sees it, applies it, and may not delete it", async ({ browserAs }) => {
        const owner = await (await browserAs("owner", { viewport: { width, height: 900 } })).newPage();
        await owner.goto("/transactions?status=unknown");
        const name = unique("Unknown outcomes");
        await saveView(owner, name, true);
        await expect(owner).toHaveURL(/\/transactions\?status=unknown$/);
        const team = bar(owner).getByRole("list", { name: "Team views" });
        await expect(team.getByRole("link", { name: new RegExp(name) })).toContainText("by you");

        const support = await (await browserAs("support", { viewport: { width, height: 900 } })).newPage();
        await support.goto("/transactions");
        const shared = bar(support)
          .getByRole("list", { name: "Team views" })
          .getByRole("link", { name: new RegExp(name) });
        await expect(shared).toContainText("by E2E Owner");
        await expect(bar(support).getByRole("button", { name: `Delete the view ${name}` })).toHaveCount(0);
        // Support may not share: no box to tick.
        await openSave(support);
        await expect(bar(support).getByLabel("Share with the team")).toHaveCount(0);
        await shared.click();
        await expect(support).toHaveURL(/\/transactions\?status=unknown$/);

        // The owner deletes it: the team no longer sees it.
        await bar(owner)
          .getByRole("button", { name: `Delete the view ${name}` })
          .click();
        await expect(bar(owner).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
        await support.reload();
        await expect(bar(support).getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
      });

    test("axe-core finds nothing on /transactions (staff), /reconcile (support) and /audit (owner) with the Views bar open", async ({
      browserAs,
    }) => {
      for (const [role, path] of [
        ["staff", "/transactions"],
        ["support", "/reconcile"],
        ["owner", "/audit"],
      ] as const) {
        const context = await browserAs(role, { viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(path);
        await expect(bar(page)).toBeVisible();
        await openSave(page);
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          expect(await axeViolations(page, { label: `${path} at ${width} px (${colorScheme})` })).toEqual([]);
        }
        await context.close();
      }
    });
  });
}
