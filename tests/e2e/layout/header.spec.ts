// The header per role: one row at 1280 px in the order the keyboard follows, and a menu on a phone (390 px)
// that lists every page the role may open, opens and closes from the keyboard, and closes once a page is chosen.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { NAV_PAGES, SETTINGS_PAGES, tapOutsideMenu } from "../support/nav";
import { E2E_PASSWORD } from "../support/users";

const LABELS = { owner: "Owner", staff: "Staff", support: "Support" } as const;
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const main = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });
const settingsNav = (page: Page) => page.getByRole("navigation", { name: "Settings" });

/** What the keyboard lands on: a link's address, or a button's words. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute("href") ?? el?.textContent?.trim() ?? "";
  });

for (const role of ["owner", "staff", "support"] as const) {
  const pages = NAV_PAGES[role];
  const settings: readonly (readonly [string, string])[] = SETTINGS_PAGES[role];
  const label = LABELS[role];

  test.describe(`as ${role}`, () => {
    test.use({ role });

    test(`at 1280 px the header is one row: logo, pages, member, the bell, TEST, Sign out`, async ({ page }) => {
      await page.setViewportSize(WIDE);
      await page.goto(pages[0][1]);
      await expect(menuButton(page)).toBeHidden();
      await expect(main(page).getByRole("link")).toHaveText(pages.map(([name]) => name));
      const member = page.getByTestId("signed-in-as");
      await expect(member).toHaveAttribute("href", "/profile");
      await expect(member).toContainText(`E2E ${label}`);

      // Every item shares one row: their middles line up, and the header is one item high.
      const header = page.getByRole("banner");
      const settingsButton = header.getByRole("button", { name: "Settings" });
      await expect(settingsButton).toHaveCount(settings.length ? 1 : 0);
      const items = [
        header.getByRole("link", { name: "Momo Dashboard" }),
        ...pages.map(([name]) => main(page).getByRole("link", { name, exact: true })),
        ...(settings.length ? [settingsButton] : []),
        member,
        page.getByTestId("bell"),
        page.getByTestId("key-mode"),
        header.getByRole("button", { name: "Sign out" }),
      ];
      const boxes = [];
      for (const item of items) {
        await expect(item).toBeVisible();
        boxes.push((await item.boundingBox())!);
      }
      const middles = boxes.map((b) => b.y + b.height / 2);
      expect(Math.max(...middles) - Math.min(...middles), `items' middles: ${middles.join(", ")}`).toBeLessThanOrEqual(2);
      const tallest = Math.max(...boxes.map((b) => b.height));
      expect((await header.boundingBox())!.height).toBeLessThan(tallest * 2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      // Left to right is also the page's order: logo, pages, member, search, the bell, badge, Sign out.
      const order = await header.evaluate((h) =>
        [...h.querySelectorAll<HTMLElement>("a, button, [data-testid=key-mode]")]
          .filter((el) => el.checkVisibility())
          .map((el) => el.getAttribute("href") ?? el.textContent?.trim()),
      );
      expect(order).toEqual([
        "/",
        ...pages.map(([, href]) => href),
        ...(settings.length ? ["Settings"] : []),
        "/profile",
        "/search",
        "/notifications",
        "TEST",
        "Sign out",
      ]);
    });

    test(`at 390 px a menu lists the ${role}'s pages, the member, TEST and Sign out`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      const [[, here], ...others] = pages;
      await page.goto(here);
      // Closed: only the logo, TEST and the menu button; the inline navigation is not shown.
      await expect(main(page)).toBeHidden();
      await expect(page.getByTestId("key-mode")).toBeVisible();
      const button = menuButton(page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      const panel = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
      await expect(panel).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(panel).toBeVisible();
      await expect(main(page).getByRole("link")).toHaveText(pages.map(([name]) => name));
      await expect(main(page).getByRole("link", { name: pages[0][0], exact: true })).toHaveAttribute("aria-current", "page");
      for (const [name] of others)
        await expect(main(page).getByRole("link", { name, exact: true })).not.toHaveAttribute("aria-current", "page");
      const member = panel.getByTestId("menu-member");
      await expect(member).toContainText(`E2E ${label}`);
      await expect(member).toContainText(label);
      await expect(member).toContainText("Your profile");
      await expect(member).toHaveAttribute("href", "/profile");
      await expect(panel.getByTestId("menu-key-mode")).toHaveText("TEST");
      await expect(panel.getByRole("button", { name: "Sign out" })).toBeVisible();
      // The owner's settings pages, under their own heading in the same menu.
      if (settings.length) await expect(settingsNav(page).getByRole("link")).toHaveText(settings.map(([name]) => name));
      else await expect(settingsNav(page)).toHaveCount(0);
      // Every item of the open menu is on the screen.
      for (const link of await main(page).getByRole("link").all()) {
        const box = (await link.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }

      // Choosing a page goes there and closes the menu; there, that page is the current one.
      if (others.length) {
        const [name, href] = others[others.length - 1];
        await main(page).getByRole("link", { name, exact: true }).click();
        await expect(page).toHaveURL(href);
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await expect(panel).toBeHidden();
        await button.click();
        await expect(main(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      }
    });
  });
}

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("at 1280 px Tab goes logo → pages → member → the bell → Sign out", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/transactions");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("#main"); // the skip link comes first
    const expected = ["/", ...NAV_PAGES.owner.map(([, href]) => href), "Settings", "/profile", "/search", "/notifications", "Sign out"];
    const seen = [];
    for (const _ of expected) {
      await page.keyboard.press("Tab");
      seen.push(await focused(page));
    }
    expect(seen).toEqual(expected);
  });

  test("at 1280 px the Settings menu holds the team, business, audit log and account pages, from the keyboard too", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await page.goto("/transactions");
    const button = page.getByRole("banner").getByRole("button", { name: "Settings" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(settingsNav(page)).toBeHidden();
    // The row has room for the business's mark and every item again: nothing wraps or overflows.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(settingsNav(page).getByRole("link")).toHaveText(SETTINGS_PAGES.owner.map(([name]) => name));
    for (const link of await settingsNav(page).getByRole("link").all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(WIDE.width);
    }
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("/team");
    await page.keyboard.press("Escape");
    await expect(settingsNav(page)).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await settingsNav(page).getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(settingsNav(page)).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  });

  test("at 390 px the menu works from the keyboard: Escape closes it and gives focus back", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/transactions");
    const button = menuButton(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // The panel follows the button: Tab walks into the pages.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("/charges/new");
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("/transactions");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(main(page)).toBeHidden();
    await expect(button).toBeFocused();

    // Space toggles it too; Escape on the button itself closes it.
    await page.keyboard.press("Space");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    // A tap outside the menu closes it.
    await button.click();
    await expect(main(page)).toBeVisible();
    await tapOutsideMenu(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // The member's link in the menu is the way to their profile, by keyboard too.
    // (The panel is shown before focus is asked for: focusing a hidden link does nothing.)
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("menu-member")).toBeVisible();
    await page.getByTestId("menu-member").focus();
    await expect.poll(() => focused(page)).toBe("/profile");
  });
  // The pages have no loading boundary (they arrive whole): a bar at the top says a click was
  // taken while the next page is on its way, from the header and from the phone's menu, which
  // closes at once (components/layout/header-script.ts). Back to a page from the browser's cache
  // shows neither.
  for (const [width, viewport] of [
    [1280, WIDE],
    [390, PHONE],
  ] as const) {
    test(`at ${width} px a bar shows while a header link's page is on its way, and goes once it is shown`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/transactions");
      await expect(page.getByTestId("nav-pending")).toHaveCount(0);
      if (width === 390) await menuButton(page).click();
      // The header's links load the next page as a document (components/layout/nav-links.tsx): the
      // press, and what the page shows in the same moment, before the next page has come (a
      // locator would wait for that page).
      const seen = await main(page)
        .getByRole("link", { name: "Customers" })
        .evaluate((link) => {
          link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
          const bar = document.querySelector("[role=progressbar][aria-label='Opening the page']");
          return { bar: bar?.checkVisibility() ?? false, menuOpen: document.querySelector("header [popover]:popover-open") !== null };
        });
      expect(seen).toEqual({ bar: true, menuOpen: false });
      await expect(page).toHaveURL(/\/customers$/);
      await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
      await expect(page.getByTestId("nav-pending")).toHaveCount(0);
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
      await expect(page.getByTestId("nav-pending")).toHaveCount(0);
      await expect(page.locator("header [popover]:popover-open")).toHaveCount(0);
    });
  }
});

test.describe("signing out from the phone's menu", () => {
  test.use({ role: "anonymous" });

  test("ends the session", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, "support@e2e.test", E2E_PASSWORD);
    await menuButton(page).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get("/api/charges")).status()).toBe(401);
  });

  // Sign out is a form the browser sends (components/session/sign-out-form.tsx): signed out already,
  // it still leads to sign-in; from another site it is refused and changes nothing.
  test("the form's POST: 303 to sign-in without a session, 403 from another site", async ({ page, baseURL }) => {
    const gone = await page.request.post("/api/session/sign-out", { headers: { Origin: baseURL! }, maxRedirects: 0 });
    expect(gone.status()).toBe(303);
    expect(gone.headers().location).toBe("/sign-in");
    await signInAs(page, "support@e2e.test", E2E_PASSWORD);
    const foreign = await page.request.post("/api/session/sign-out", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
    expect(foreign.status()).toBe(403);
    expect((await page.request.get("/api/charges")).status()).toBe(200);
  });
});
