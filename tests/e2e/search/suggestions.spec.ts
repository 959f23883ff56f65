// The list under the search box as one types (components/search/combobox-script.ts), as people
// use it: on a phone the results page's box, on a wide screen the header's; the arrows choose,
// Enter opens, Escape closes, a click opens; staff never see another member's customer's number
// whole; words holding markup are shown as words; an answer naming another site opens nothing; an
// answer that does not come says so and Enter
// still reaches the results page; the header's box keeps working on a page React hydrates; axe-core
// at 0 with the list open, in both schemes. What is found is attacked in tests/unit/search/.
import type { Page } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { axeViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1600, height: 900 };

const list = (page: Page) => page.getByRole("listbox", { name: "Matches" });

test.describe("as staff", () => {
  test.use({ role: "staff" });

  test("at 390 px on the results page's box: matches as one types, masked; ↓ and Enter open one; axe-core 0 with the list open", async ({
    page,
    baseURL,
  }) => {
    // Words without digits: the number's last seven must not turn up inside them by chance.
    const words = `suggest kola ${String(Date.now()).replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
    const digits = String(Date.now() % 10_000_000).padStart(7, "0");
    const phone = `0245${digits.slice(1)}`;
    const owner = await apiAs("owner", baseURL!);
    const made = await chargeVia(owner, { amount: "4.40", phone, description: words });
    await page.setViewportSize(PHONE);
    await page.goto("/search");
    const box = page.getByRole("combobox", { name: /A reference, a phone number/ });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially(words, { delay: 5 });
    await expect(list(page)).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const charges = list(page).getByRole("group", { name: "Charges" });
    const option = charges.getByRole("option");
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(`GH₵4.40`);
    await expect(option).toContainText(words);
    // The owner's customer: masked for staff.
    await expect(option).toContainText("024 ••• ••");
    await expect(option).not.toContainText(phone.slice(3));
    await expect(option).not.toContainText(`${phone.slice(3, 6)} ${phone.slice(6)}`); // as the app writes it whole
    await expect(page.getByRole("status").filter({ hasText: /match/ })).toHaveText(/^1 match\. /);
    // The list fits the phone's width.
    const box1 = (await page.getByTestId("search-suggestions").boundingBox())!;
    expect(box1.x).toBeGreaterThanOrEqual(0);
    expect(box1.x + box1.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, { label: `suggestions ${colorScheme}` })).toEqual([]);
    }
    await box.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id"))!);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/transactions/${made.id}$`));
  });

  test("markup in a description is shown as words; an answer that does not come says so, and Enter still searches", async ({
    page,
    baseURL,
  }) => {
    const tag = `mark${Date.now()}`;
    const staff = await apiAs("staff", baseURL!);
    await chargeVia(staff, { amount: "1.10", phone: "0240000021", description: `${tag} <img src=x data-injected=1> & "co"` });
    await page.setViewportSize(PHONE);
    await page.goto("/search");
    const box = page.getByRole("combobox", { name: /A reference, a phone number/ });
    await box.fill(tag);
    const option = list(page).getByRole("group", { name: "Charges" }).getByRole("option");
    await expect(option).toContainText(`${tag} <img src=x data-injected=1> & "co"`);
    expect(await page.locator("[data-injected]").count()).toBe(0);

    // An answer naming another site (a hostile proxy's, say) is shown as words and opens nothing.
    const here = page.url();
    await page.route("**/api/search?*", (route) =>
      route.fulfill({
        json: {
          q: "x",
          problem: null,
          note: null,
          message: null,
          count: "2 matches.",
          all: "//example.test/all",
          groups: [{ kind: "charges", title: "Charges", items: [{ href: "javascript:alert(1)", label: "<b>x</b>", detail: "" }] }],
        },
      }),
    );
    await box.fill(`${tag} elsewhere`);
    await expect(list(page).getByRole("option")).toHaveText(["<b>x</b>", `All results for “${tag} elsewhere”`]);
    await box.press("ArrowDown"); // the first: javascript:
    await box.press("Enter");
    await expect(list(page)).toBeHidden();
    await box.press("ArrowDown"); // open again (the answer is kept), then ↑ to the last: //example.test
    await expect(list(page)).toBeVisible();
    await box.press("ArrowUp");
    await box.press("Enter");
    await expect(list(page)).toBeHidden();
    await page.unroute("**/api/search?*");

    // The network drops the next ask: the list says so, and Enter is the results page.
    await page.route("**/api/search?*", (route) => route.abort("connectionreset"));
    await box.fill(`${tag} lost`);
    await expect(page.getByTestId("search-suggestions-message")).toHaveText(
      "The matches could not be loaded. Press Enter for the results page.",
    );
    await expect(list(page).getByRole("option")).toHaveText([`All results for “${tag} lost”`]);
    // Neither of the other site's matches was opened.
    expect(page.url()).toBe(here);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${tag}\\+lost$`));
    await expect(page.getByTestId("search-summary")).toHaveText(`Nothing matches “${tag} lost”.`);
  });
});

test.describe("as the owner", () => {
  test.use({ role: "owner" });

  test("at 1600 px the header's box on a page React hydrates: Escape closes, ↑ reaches All results, a click opens a match", async ({
    page,
    baseURL,
  }) => {
    const words = `suggest header ${Date.now()}`;
    const owner = await apiAs("owner", baseURL!);
    const made = await chargeVia(owner, { amount: "2.20", phone: "0240000022", description: words });
    await page.setViewportSize(WIDE);
    await page.goto("/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const box = page.getByRole("combobox", { name: "Search charges, customers, pay links and batches" });
    await page.keyboard.press("/");
    await expect(box).toBeFocused();
    await page.keyboard.type(words);
    const option = list(page).getByRole("option", { name: new RegExp(`^GH₵2\\.20 · \\w+ · ${words}`) });
    await expect(option).toBeVisible();
    await box.press("Escape");
    await expect(list(page)).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).toHaveValue(words);
    // ↓ opens it again (asked once: the answer is kept); ↑ from the top is the last, All results.
    await box.press("ArrowDown");
    await expect(list(page)).toBeVisible();
    await box.press("ArrowUp");
    const all = list(page).getByRole("option", { name: `All results for “${words}”` });
    await expect(all).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=suggest\+header\+\d+$/);
    await expect(page.getByTestId("search-charges").getByTestId("charge-row")).toHaveCount(1);
    // From the results page, the header's box again: a click on the match opens it.
    await box.fill(words);
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${made.id}$`));
  });
});
