// What a person on a slow phone can do before the page's scripts have run (or with JavaScript
// off): the phone's menu opens and closes (the browser's own popover), and no form can be sent the
// browser's way — its submit button waits for the scripts (or, on a form page of one island, its
// press is held until the form is ready), so a password or a note never ends up
// in an address (a GET the page would not handle).
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { NAV_PAGES, tapOutsideMenu } from "../support/nav";
import { SCRIPT_FILES } from "../support/script-files";
import { E2E_PASSWORD } from "../support/users";

const PHONE = { width: 390, height: 844 };
const main = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });

/** Holds back the page's own scripts until `release()`; counts the requests for them. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  const seen = { scripts: 0, release: () => release() };
  await page.route(
    (url) => SCRIPT_FILES.test(url.pathname) && url.pathname.endsWith(".js"),
    async (route) => {
      seen.scripts++;
      await held;
      await route.continue();
    },
  );
  return seen;
}

test.describe("the phone's menu", () => {
  test.use({ role: "owner" });

  // The menu is the browser's own (a popover): with JavaScript off it opens, Tab walks into it,
  // Escape and a tap outside close it, and its links are links.
  test("at 390 px the menu works with JavaScript off", async ({ browserAs, baseURL }) => {
    const context = await browserAs("owner", { baseURL, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/transactions");
    const button = menuButton(page);
    // No script to keep aria-expanded: the browser tells the menu's state from the popover itself.
    expect(await button.getAttribute("aria-expanded")).toBeNull();
    await expect(main(page)).toBeHidden();
    await button.click();
    await expect(main(page).getByRole("link")).toHaveText(NAV_PAGES.owner.map(([name]) => name));
    for (const link of await main(page).getByRole("link").all()) await expect(link).toBeVisible();
    await expect(page.getByTestId("menu-member")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(main(page).getByRole("link", { name: "New charge" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(main(page)).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(main(page)).toBeVisible();
    await tapOutsideMenu(page);
    await expect(main(page)).toBeHidden();
    await button.click();
    await main(page).getByRole("link", { name: "Customers", exact: true }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    await expect(main(page)).toBeHidden();
    await context.close();
  });

  // A tap on Menu before the page's scripts have run (a slow phone) opens it: the menu is the
  // browser's, and the header's own inline script (components/layout/header-script.ts), which does
  // not wait for the page's scripts, already keeps the button's state. Once React is there nothing
  // changes: Escape closes it, choosing a page closes it.
  test("at 390 px a tap on Menu before the scripts have run opens the menu", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const held = await holdScripts(page);
    // An App Router page (the history loads no script file at all: pages/transactions).
    await page.goto("/settings/api-keys", { waitUntil: "domcontentloaded" });
    const button = menuButton(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.click();
    await expect(main(page).getByRole("link", { name: "Customers", exact: true })).toBeVisible();
    // Not hydrated yet: the page's scripts are held.
    expect(held.scripts).toBeGreaterThan(0);
    await expect(button).toHaveAttribute("aria-expanded", "true");

    held.release();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(main(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(main(page)).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await main(page).getByRole("link", { name: "Customers", exact: true }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(main(page)).toBeHidden();
  });
});

test.describe("a form before the scripts have run", () => {
  test.use({ role: "anonymous" });

  // The sign-in page is one island (docs/decisions/forms-as-islands.md): a press before its code
  // has arrived is held — nothing sent, and the password never in the address — and once the code
  // is there the member is signed in, once, with what was typed.
  test("sign-in: a press before the scripts is held, then signs in once; the password never reaches the address", async ({ page }) => {
    const held = await holdScripts(page);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    // Not "domcontentloaded": that waits for the island's module, which is held.
    await page.goto("/sign-in", { waitUntil: "commit" });
    await page.getByLabel("Email").fill("staff@e2e.test");
    await page.getByLabel("Password").fill(E2E_PASSWORD);
    await page.getByLabel("Password").press("Enter");
    expect(held.scripts).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    expect(page.url()).not.toContain("password");
    expect(new URL(page.url()).search).toBe("");

    held.release();
    await expect(page).not.toHaveURL(/\/sign-in/);
    expect(posts.filter((p) => p.startsWith("/api/"))).toHaveLength(1);
    expect(page.url()).not.toContain("password");
  });

  // The island's module never arrives (a dropped connection, a new deployment): the page says so
  // in words, and a press is not held for ever nor sent the browser's way — it is pointed at them.
  test("the charge form whose code cannot load says so, and a press sends nothing", async ({ browserAs, baseURL }) => {
    const context = await browserAs("staff", { baseURL });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });
    await page.route(
      (url) => SCRIPT_FILES.test(url.pathname),
      (route) => route.abort(),
    );
    await page.goto("/charges/new");
    const words = page.getByRole("alert").filter({ hasText: "Part of this page did not load" });
    await expect(words).toBeVisible();
    await page.getByLabel("Customer's phone number").fill("0240000001");
    await page.getByLabel("Amount").fill("1.00");
    await page.getByRole("button", { name: "Charge customer" }).click();
    await expect(words).toBeFocused();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/charges\/new$/);
    await context.close();
  });

  // An App Router page's form (the API keys', the webhooks'): its button waits for the scripts.
  test("with JavaScript off, every form's submit button stays disabled", async ({ browserAs, baseURL }) => {
    const context = await browserAs("owner", { baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/settings/api-keys", "/settings/webhooks"]) {
      await page.goto(path);
      const submits = page.locator("form:not([action]) button[type=submit]");
      expect(await submits.count(), path).toBeGreaterThan(0);
      for (const submit of await submits.all()) await expect(submit, path).toBeDisabled();
    }
    await context.close();
  });

  // A form page of one island: every form is a POST to the page, so that with scripts off a
  // password or a contact typed never reaches an address, and the page says the forms need scripts.
  test("with JavaScript off, /profile, /settings and /team post every form and say they need scripts", async ({ browserAs, baseURL }) => {
    const context = await browserAs("owner", { baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/profile", "/settings", "/team"]) {
      await page.goto(path);
      await expect(page.getByRole("alert").filter({ hasText: "This form needs JavaScript" }), path).toBeVisible();
      const forms = page.locator("[data-island] form");
      expect(await forms.count(), path).toBeGreaterThan(0);
      for (const form of await forms.all()) expect(await form.getAttribute("method"), path).toBe("post");
    }
    await page.goto("/profile");
    await page.getByLabel("Current password").fill(E2E_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("never-in-an-address-1");
    await page.getByLabel("New password again").fill("never-in-an-address-1");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Change password" }).click();
    expect((await answer).status()).toBe(200);
    expect(new URL(page.url()).search).toBe("");
    // Nothing changed: the owner's password is still the one every test signs in with.
    const proof = await context.request.post("/api/session/reauth", {
      data: { password: E2E_PASSWORD },
      headers: { "Content-Type": "application/json" },
    });
    expect(proof.status()).toBe(204);
    await context.close();
  });

  // A form page made of one island (docs/decisions/forms-as-islands.md): its button is live before
  // the scripts, because the page's inline script holds a press until the form is ready. With
  // JavaScript off nothing holds it: the form is a POST to its own page, which answers with the
  // same page and its words on scripts, and nothing is charged; what was typed never reaches the
  // address.
  test("with JavaScript off, the charge form says it needs scripts, and a press charges nothing", async ({ browserAs, baseURL }) => {
    const context = await browserAs("staff", { baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const description = `no-script ${Date.now().toString(36)}`;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/charges/new");
      await expect(page.getByTestId("charge-needs-script")).toBeVisible();
      await expect(page.getByTestId("charge-needs-script")).toContainText("Charging needs JavaScript");
      await page.getByLabel("Customer's phone number").fill("0240000001");
      await page.getByLabel("Amount").fill("1.00");
      await page.getByLabel("Description (optional)").fill(description);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Charge customer" }).click();
      expect((await answer).status()).toBe(200);
      await expect(page).toHaveURL(/\/charges\/new$/);
      await expect(page.getByRole("alert").filter({ hasText: "This form needs JavaScript" })).toBeVisible();
    }
    await page.goto(`/transactions?q=${encodeURIComponent(description)}`);
    await expect(page.getByTestId("charge-row")).toHaveCount(0);
    await context.close();
  });

  // The other form pages of one island, the same way: a POST to the page, its words on scripts,
  // nothing made, nothing typed in the address.
  const islandForms = [
    {
      path: "/pay-links/new",
      fill: async (page: Page, tag: string) => {
        await page.getByLabel(/^Amount/).fill("5.00");
        await page.getByLabel("What it is for").fill(tag);
      },
      button: "Make the pay link",
      made: async (page: Page, tag: string) => {
        await page.goto("/pay-links");
        return page.getByText(tag).count();
      },
    },
    {
      path: "/customers/new",
      fill: async (page: Page, tag: string) => {
        await page.getByLabel("Name").fill(tag);
        await page.getByLabel("Phone number").fill("0240000077");
      },
      button: "Add customer",
      made: async (page: Page, tag: string) => {
        await page.goto(`/customers?q=${encodeURIComponent(tag)}`);
        return page.getByText(tag).count();
      },
    },
    {
      path: "/sign-in",
      role: "anonymous" as const,
      fill: async (page: Page) => {
        await page.getByLabel("Email").fill("staff@e2e.test");
        await page.getByLabel("Password").fill(E2E_PASSWORD);
      },
      button: "Sign in",
      // Still signed out: a member's page sends the browser to sign in.
      made: async (page: Page) => {
        await page.goto("/charges/new");
        return new URL(page.url()).pathname === "/sign-in" ? 0 : 1;
      },
    },
    {
      path: "/team",
      role: "owner" as const,
      fill: async (page: Page, tag: string) => {
        await page.getByLabel("Name").fill(tag);
        await page.getByLabel("Email").fill(`${tag.replace(/\W/g, "-")}@e2e.test`);
      },
      button: "Create invite link",
      made: async (page: Page, tag: string) => {
        await page.goto("/team");
        return page.getByText(tag).count();
      },
    },
  ];
  for (const form of islandForms) {
    test(`with JavaScript off, ${form.path} says it needs scripts, and a press makes nothing`, async ({ browserAs, baseURL }) => {
      const context = await browserAs(form.role ?? "staff", { baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      const tag = `no-script ${Date.now().toString(36)}`;
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(form.path);
        await form.fill(page, tag);
        const answer = page.waitForResponse((r) => r.request().method() === "POST");
        await page.getByRole("button", { name: form.button }).click();
        expect((await answer).status()).toBe(200);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(form.path);
        await expect(page.getByRole("alert").filter({ hasText: "This form needs JavaScript" })).toBeVisible();
      }
      expect(await form.made(page, tag)).toBe(0);
      await context.close();
    });
  }
});

// A page of the framework's reached by a whole-page load (from a form page of one island, from an
// email's link): what is typed or ticked while its scripts are on their way is what it sends once
// they have run — the form's library takes its fields over with their defaults, and would empty
// them on screen or behind it.
test.describe("what is typed before the scripts have run", () => {
  test("forgot password: the email typed early is sent once the button wakes", async ({ browserAs, baseURL }) => {
    const context = await browserAs("anonymous", { baseURL });
    const page = await context.newPage();
    const held = await holdScripts(page);
    await page.goto("/forgot-password", { waitUntil: "commit" });
    await page.getByLabel("Email").fill("staff@e2e.test");
    expect(held.scripts).toBeGreaterThan(0);
    held.release();
    const send = page.getByRole("button", { name: "Send me a reset link" });
    await expect(send).toBeEnabled();
    await expect(page.getByLabel("Email")).toHaveValue("staff@e2e.test");
    const asked = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/session/password-reset"));
    await send.click();
    expect((await asked).postDataJSON()).toEqual({ email: "staff@e2e.test" });
    await expect(page.getByTestId("reset-asked")).toBeVisible();
    await context.close();
  });

  test("a key's name and scope, and an endpoint's address, typed and ticked early are the form's once it wakes", async ({
    browserAs,
    baseURL,
  }) => {
    const context = await browserAs("owner", { baseURL });
    const page = await context.newPage();
    const held = await holdScripts(page);
    await page.goto("/settings/api-keys", { waitUntil: "commit" });
    const form = page.getByTestId("api-key-form");
    await form.getByLabel("Name").fill("typed early");
    await form.getByRole("checkbox", { name: /Read charges/ }).check();
    expect(held.scripts).toBeGreaterThan(0);
    held.release();
    await expect(form.getByRole("button", { name: "Make key" })).toBeEnabled();
    await expect(form.getByLabel("Name")).toHaveValue("typed early");
    await expect(form.getByRole("checkbox", { name: /Read charges/ })).toBeChecked();
    // Once awake the form validates what is on screen: nothing named as missing.
    await form.getByLabel("Name").focus();
    await form.getByLabel("Name").blur();
    await expect(form.getByText(/Give the key a name|Choose at least one/)).toHaveCount(0);

    await page.unrouteAll();
    const later = await holdScripts(page);
    await page.goto("/settings/webhooks", { waitUntil: "commit" });
    const endpoint = page.getByTestId("endpoint-form");
    await endpoint.getByLabel("Endpoint URL").fill("https://shop.example/typed-early");
    later.release();
    await expect(endpoint.getByRole("button").last()).toBeEnabled();
    await expect(endpoint.getByLabel("Endpoint URL")).toHaveValue("https://shop.example/typed-early");
    await context.close();
  });
});
