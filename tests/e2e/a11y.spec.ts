// axe-core on every page each role can open, at desktop and phone widths, in the light and the
// dark scheme (the device's, which a member's "System" follows). Any violation fails, with the
// rule, the page and the offending elements in the message.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { apiAs, chargeVia } from "./support/api";
import { ROLES, stateOf, type E2eRole } from "./support/users";

type Who = E2eRole | "anonymous";
const ids = { success: "", failed: "", unknown: "", customer: "" };

/** Each role's pages (the ones the navigation offers it, and the views below them). */
const PAGES: Record<Who, () => string[]> = {
  anonymous: () => ["/sign-in", "/no-such-page", `/invite/${"x".repeat(43)}`],
  owner: () => [
    "/charges/new",
    "/transactions",
    `/transactions/${ids.success}`,
    `/transactions/${ids.unknown}`,
    `/transactions/${ids.success}/receipt`,
    "/reconcile",
    "/insights",
    "/account",
    "/team",
    "/audit",
    "/settings",
    "/profile",
    "/two-factor",
    "/customers",
    "/customers/new",
    `/customers/${ids.customer}`,
    `/customers/${ids.customer}/edit`,
    `/charges/new?customer=${ids.customer}`,
  ],
  staff: () => [
    "/charges/new",
    "/transactions",
    `/transactions/${ids.failed}`,
    `/transactions/${ids.failed}/receipt`,
    `/transactions/${ids.unknown}`,
    "/profile",
    "/team",
    `/customers/${ids.customer}`,
    // Staff need not use two-factor: the enrolment form, as any member finds it.
    "/two-factor",
  ],
  support: () => [
    "/transactions?status=unknown",
    `/transactions/${ids.unknown}`,
    "/reconcile",
    `/reconcile/${ids.unknown}`,
    "/insights",
    "/profile",
  ],
};

test.beforeAll(async ({ baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  ids.success = (await chargeVia(staff, { amount: "12.50", phone: "0240000001", description: "a11y success" })).id;
  ids.failed = (await chargeVia(staff, { amount: "3.00", phone: "0240000004", description: "a11y failed" })).id;
  ids.unknown = (await chargeVia(staff, { amount: "4.00", phone: "0240000006", description: "a11y unknown" })).id;
  // A customer of the directory, with a charge to their number (a number no other test uses).
  const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const added = await staff.post("/api/customers", {
    data: { name: "A11y Customer", phoneNumber: phone, provider: "mtn", reference: `A11Y-${phone.slice(-5)}` },
    headers: { "Content-Type": "application/json" },
  });
  expect(added.status()).toBe(201);
  ids.customer = (await added.json()).customer.id;
  await chargeVia(staff, { amount: "5.00", phone, description: "a11y customer" });
  await staff.dispose();
});

async function violations(page: Page, path: string) {
  await page.goto(path);
  // Pages that load data in the browser (insights, account, the budget meter) settle first.
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
}

for (const who of ["anonymous", ...ROLES] as Who[]) {
  for (const width of [1280, 390]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${who} · ${width} px · ${colorScheme}: no axe-core violation on any page`, async ({ browser, baseURL }) => {
        test.setTimeout(15_000 * PAGES[who]().length);
        const context = await browser.newContext({
          baseURL,
          colorScheme,
          viewport: { width, height: 900 },
          storageState: who === "anonymous" ? { cookies: [], origins: [] } : stateOf(who),
        });
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of PAGES[who]()) found.push(...(await violations(page, path)));
        await context.close();
        expect(found, found.join("\n")).toEqual([]);
      });
    }
  }
}
