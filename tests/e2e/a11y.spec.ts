// axe-core on every page each role can open, at desktop and phone widths, in the light and the
// dark scheme (the device's, which a member's "System" follows); at 390 px, every control at least
// 44 × 44 px where it can be (./support/tap-targets.ts). Any violation fails, with the rule, the
// page and the offending elements in the message.
import { expect, test, type Page } from "@playwright/test";
import { apiAs, chargeVia } from "./support/api";
import { axeOnEveryPage, axeViolations } from "./support/axe";
import { smallTargets } from "./support/tap-targets";
import { ROLES, stateOf, type E2eRole } from "./support/users";
import { aboutCharge, deleteEndpointsAt, type Receiver, startReceiver } from "./support/webhooks";

type Who = E2eRole | "anonymous";
const ids = { success: "", failed: "", unknown: "", customer: "", batch: "", request: "", webhook: "" };
/** The webhook endpoint's receiver on this machine (one per worker: beforeAll runs in each). */
let receiver: Receiver;

/** Each role's pages (the ones the navigation offers it, and the views below them). */
const PAGES: Record<Who, () => string[]> = {
  anonymous: () => ["/sign-in", "/no-such-page", `/invite/${"x".repeat(43)}`],
  owner: () => [
    // Home: what waits (the unknown charge below), today's figures and chart, the latest charges.
    "/",
    // Search: each kind found (the charges below by their words, the customer, a pay link).
    "/search?q=a11y",
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
    "/customers/import",
    `/customers/${ids.customer}`,
    `/customers/${ids.customer}/edit`,
    `/charges/new?customer=${ids.customer}`,
    "/batches",
    "/batches?status=awaiting_approval",
    "/batches/new",
    // Awaiting approval: the owner's Approve and Reject, and the possible duplicate.
    `/batches/${ids.batch}`,
    "/pay-links",
    "/pay-links?attempt=unknown",
    "/pay-links/new",
    `/pay-links/new?customer=${ids.customer}`,
    // Active, made by staff: the link, its QR code, Pause and Cancel.
    `/pay-links/${ids.request}`,
    "/settings/webhooks",
    // A delivery in its log: the attempt, its answer folded away, Resend.
    `/settings/webhooks/${ids.webhook}`,
    // A key in the list (Revoke), the form; the reference read from the OpenAPI document.
    "/settings/api-keys",
    "/settings/api-keys/reference",
  ],
  staff: () => [
    // Home with their own figures and nothing waiting.
    "/",
    "/search",
    "/search?q=a11y",
    "/charges/new",
    "/transactions",
    `/transactions/${ids.failed}`,
    `/transactions/${ids.failed}/receipt`,
    `/transactions/${ids.unknown}`,
    "/profile",
    "/team",
    `/customers/${ids.customer}`,
    "/batches",
    `/batches/${ids.batch}`,
    // Staff need not use two-factor: the enrolment form, as any member finds it.
    "/two-factor",
  ],
  support: () => [
    "/",
    "/transactions?status=unknown",
    `/transactions/${ids.unknown}`,
    // Charges that became unknown: support's notifications, unread.
    "/notifications",
    "/reconcile",
    `/reconcile/${ids.unknown}`,
    "/insights",
    "/profile",
    // Support only reads: no controls.
    `/pay-links/${ids.request}`,
  ],
};

test.beforeAll(async ({ baseURL }) => {
  // A webhook endpoint for the charge that succeeds below, at a receiver that takes it.
  receiver = await startReceiver();
  const owner = await apiAs("owner", baseURL!);
  const endpoint = await owner.post("/api/webhooks", {
    data: { url: receiver.url("/a11y"), description: "A11y receiver", eventTypes: ["charge.succeeded"] },
    headers: { "Content-Type": "application/json" },
  });
  expect(endpoint.status()).toBe(201);
  ids.webhook = (await endpoint.json()).endpoint.id;
  // A key in the API keys list, with its Revoke.
  expect((await owner.post("/api/api-keys", { data: { name: "A11y shop", scopes: ["charges:read"] } })).status()).toBe(201);
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
  // A bulk batch awaiting approval, one of its rows repeating a charge just made.
  const batch = await staff.post("/api/batches", {
    data: {
      label: "A11y batch",
      rows: [
        { phone, amount: "5.00", description: "a11y batch" },
        { phone: "0240000001", amount: "1.00", description: "a11y batch" },
      ],
    },
    headers: { "Content-Type": "application/json" },
  });
  expect(batch.status()).toBe(201);
  ids.batch = (await batch.json()).batch.id;
  const request = await staff.post("/api/payment-requests", {
    data: {
      amountKind: "open",
      minAmount: "5",
      maxAmount: "50",
      currency: "GHS",
      description: "a11y pay link",
      reusable: true,
      maxPayments: "10",
    },
    headers: { "Content-Type": "application/json" },
  });
  expect(request.status()).toBe(201);
  ids.request = (await request.json()).request.id;
  await staff.dispose();
  await receiver.waitFor(aboutCharge(ids.success), "the a11y charge's event");
  await expect
    .poll(async () => ((await (await owner.get(`/api/webhooks/${ids.webhook}/attempts`)).json()).attempts as unknown[]).length)
    .toBeGreaterThan(0);
  await owner.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const owner = await apiAs("owner", baseURL!);
  await deleteEndpointsAt(owner, receiver.origin);
  await owner.dispose();
  await receiver.close();
});

// The dark scheme changes colours only (light-dark() in app/globals.css; no dark: variant): the
// same page is switched to it in place and checked by the rules that read colours.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
const PHONE = { width: 390, height: 900 };
const DESKTOP = { width: 1280, height: 900 };

/** axe-core on the page as it stands: every rule in the light scheme, then the colour rules in the dark one. */
async function inBothSchemes(page: Page, label: string) {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(
      ...(await axeViolations(page, { label: `${label} (${colorScheme})`, rules: colorScheme === "dark" ? COLOUR_RULES : undefined })),
    );
  }
  await page.emulateMedia({ colorScheme: "light" });
  return found;
}

/**
 * One page, loaded at 390 px: every control's size and axe-core in both schemes; then widened in
 * place to 1280 px and checked again. The server sends a page the same at any width (only CSS
 * and the scripts tell them apart), and the scripts that read the width follow a resize as they
 * read it at load (the filters' disclosure opens once the screen is wide): loading it again at
 * 1280 px would only pay for its rendering twice.
 */
async function violations(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  // Pages with scripts (the forms' islands, the React pages) may load data in the browser (the
  // budget meter, a delivery log): they settle first. A page with no script file has all it shows.
  if ((await page.locator("script[src]").count()) > 0) await page.waitForLoadState("networkidle");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  const found = (await smallTargets(page)).map((t) => `${path} at 390 px: tap target ${t}`);
  found.push(...(await inBothSchemes(page, `${path} at 390 px`)));
  await page.setViewportSize(DESKTOP);
  found.push(...(await inBothSchemes(page, `${path} at 1280 px`)));
  return found;
}

// Each page once per role, at both widths and in both schemes.
for (const who of ["anonymous", ...ROLES] as Who[]) {
  test(`${who} · 390 and 1280 px · light and dark: no axe-core violation on any page`, async ({ browser, baseURL }) => {
    // 30 s a page, and 30 s for what every run pays once (its context, axe-core's first load): on a
    // CI machine running vitest beside it, the anonymous role's three pages ran past a bare 60 s.
    test.setTimeout(30_000 + 30_000 * PAGES[who]().length);
    const context = await browser.newContext({
      baseURL,
      viewport: PHONE,
      storageState: who === "anonymous" ? { cookies: [], origins: [] } : stateOf(who),
    });
    await axeOnEveryPage(context);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of PAGES[who]()) found.push(...(await violations(page, path)));
    await context.close();
    expect(found, found.join("\n")).toEqual([]);
  });
}

test("the bulk preview with rows that need attention has no axe-core violation, at 1280 and 390 px", async ({ browser, baseURL }) => {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: stateOf("staff") });
    const page = await context.newPage();
    await page.goto("/batches/new");
    const csv = "phone,amount,description\n0240000001,1.00,fine\n12345,abc,broken\n";
    await page.getByLabel("CSV file").setInputFiles({ name: "a11y.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("batch-summary")).toContainText("1 row needs attention");
    const found = await axeViolations(page, { label: `${width}` });
    await context.close();
    expect(found).toEqual([]);
  }
});

test("the customers import preview, and the charge form's customer suggestions open, have no axe-core violation at 1280 and 390 px", async ({
  browser,
  baseURL,
}) => {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, storageState: stateOf("staff") });
    const page = await context.newPage();
    await page.goto("/customers/import");
    const csv = "name,phone\nAbena A11y,0241110000\n,12345\n";
    await page.getByLabel("CSV file").setInputFiles({ name: "a11y.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("import-summary")).toContainText("1 row needs attention");
    const onImport = await axeViolations(page, { label: `${width} import` });

    await page.goto("/charges/new");
    await page.getByLabel("Customer's phone number").fill("A11y Cust");
    await expect(page.getByRole("option", { name: /A11y Customer/ }).first()).toBeVisible();
    await page.getByLabel("Customer's phone number").press("ArrowDown");
    const onForm = await axeViolations(page, { label: `${width} charge form` });
    await context.close();
    expect([...onImport, ...onForm]).toEqual([]);
  }
});
