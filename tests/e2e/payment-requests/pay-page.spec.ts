// The public pay page in Chromium, as a customer opens a link on their own phone (390 px) or a
// computer (1280 px), in a browser context of their own with no session: each sandbox outcome
// to its end; a link made for one customer, whose number the page never has whole; one link,
// two payers at once; a reload while the prompt waits; paused, cancelled, paid and guessed links,
// with their HTTP status (an expired one: two-instances.spec.ts, where the test reaches the
// database); a cross-site post; the link's attempts in Transactions, its export and Insights.
// axe-core checks each state the customer can see, in light and dark.
import type { APIRequestContext, Page } from "@playwright/test";
import { type BrowserAs, expect, test } from "../support/fixtures";
import { apiAs, uniqueKey } from "../support/api";
import { clientAddress } from "../support/attack";
import { axeViolations } from "../support/axe";
import { pressLikeAPerson } from "../support/press";
import { remember } from "../support/used-text";

type Link = { id: string; path: string };

let staff: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  staff = await apiAs("staff", baseURL!);
});
test.afterAll(async () => {
  await staff?.dispose();
});

async function makeLink(over: Record<string, unknown> = {}): Promise<Link> {
  const res = await staff.post("/api/payment-requests", {
    data: { amount: "2.00", currency: "GHS", description: remember(`Pay page order ${Math.random().toString(36).slice(2, 8)}`), ...over },
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).request;
}

async function control(link: Link, action: "pause" | "resume" | "cancel") {
  const res = await staff.post(`/api/payment-requests/${link.id}/control`, {
    data: { action },
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status()).toBe(200);
}

async function attemptsOf(link: Link) {
  const res = await staff.get(`/api/payment-requests/${link.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).attempts as { status: string }[];
}

/** A customer's own browser: no session, an address of its own (the pay page's limits count by it). */
async function customer(browserAs: BrowserAs, width: number) {
  const context = await browserAs("anonymous", {
    viewport: { width, height: 860 },
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  return { context, page: await context.newPage() };
}

/** axe-core on the page as it stands, every rule in light and the colour rules in dark. */
async function noViolations(page: Page, label: string) {
  const found: string[] = [];
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(
      ...(await axeViolations(page, {
        label: `${label} (${colorScheme})`,
        rules: colorScheme === "dark" ? ["color-contrast", "link-in-text-block"] : undefined,
      })),
    );
  }
  await page.emulateMedia({ colorScheme: "light" });
  expect(found).toEqual([]);
}

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const OUTCOMES = [
  { phone: "0240000001", name: "instant", waits: false, ends: "Payment received" },
  { phone: "0240000002", name: "approved on the phone", waits: true, ends: "Payment received" },
  { phone: "0240000003", name: "declined on the phone", waits: true, ends: "The payment did not go through" },
  { phone: "0240000004", name: "refused", waits: false, ends: "The payment did not go through" },
  { phone: "0240000006", name: "not known", waits: false, ends: "We do not know yet whether this payment went through" },
  // Never answered (0240000007): ./pay-waits.spec.ts, once per width (the number takes 3 prompts in 10 minutes).
] as const;

for (const width of [390, 1280]) {
  test(`${width} px: a customer pays from their own phone, with each sandbox outcome to its end`, async ({ browserAs }) => {
    test.setTimeout(120_000);
    for (const [i, outcome] of OUTCOMES.entries()) {
      const link = await makeLink();
      const { context, page } = await customer(browserAs, width);
      const opened = await page.goto(link.path);
      expect(opened?.status()).toBe(200);
      // The business's page, not the dashboard's: no sign-in, no navigation, no session cookie.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay GH₵2.00");
      await expect(page.getByRole("navigation")).toHaveCount(0);
      if (i === 0) await noViolations(page, `${width} form`);
      await page.getByLabel("Your mobile money number").fill(outcome.phone);
      // The network follows the number.
      await expect(page.getByLabel("Network")).toHaveValue("mtn");
      await pressLikeAPerson(page, page.getByRole("button", { name: "Pay GH₵2.00" }));
      if (outcome.waits) {
        await expect(page.getByRole("heading", { name: "Approve the prompt on your phone" })).toBeVisible();
        await expect(page.getByText("024 ••• ••0")).toBeVisible();
        if (i === 1) await noViolations(page, `${width} waiting`);
      }
      await expect(page.getByRole("heading", { name: outcome.ends })).toBeVisible({ timeout: 15_000 });
      await noSidewaysScroll(page, width);
      if (outcome.ends === "Payment received") {
        const receipt = page.getByRole("definition");
        await expect(receipt.filter({ hasText: "GH₵2.00" })).toHaveCount(1);
        await expect(receipt.filter({ hasText: /^TXN-|^[A-Za-z0-9-]{6,}$/ })).not.toHaveCount(0);
        await expect(receipt.filter({ hasText: `024 ••• ••${outcome.phone.slice(-2)} (MTN Mobile Money)` })).toHaveCount(1);
        if (outcome.name === "instant") await noViolations(page, `${width} receipt`);
      } else if (outcome.ends === "The payment did not go through") {
        if (outcome.name === "refused") await noViolations(page, `${width} failed`);
        // Why, in plain words, when the network said why; never the upstream's own text.
        const why = outcome.name === "refused" ? "There was not enough money in the mobile money account." : "The payment was declined.";
        await expect(page.getByText(why)).toBeVisible();
        await expect(page.getByText(/Insufficient funds in the customer's wallet|declined the charge on their phone/)).toHaveCount(0);
        // A failed attempt holds nothing: the customer may try again on the same link.
        await page.getByRole("link", { name: "Try again" }).click();
        await expect(page.getByLabel("Your mobile money number")).toBeVisible();
      } else if (outcome.name === "not known") {
        await expect(page.getByText("Do not pay again.")).toBeVisible();
        // What to quote and to whom, and the way back to this page.
        const facts = page.getByRole("definition");
        await expect(facts.filter({ hasText: "GH₵2.00" })).toHaveCount(1);
        await expect(page.getByRole("term").filter({ hasText: "Reference" })).toHaveCount(1);
        await expect(page.getByText(/^To ask about it, contact /)).toBeVisible();
        await expect(page.getByRole("link", { name: "Check again" })).toHaveAttribute(
          "href",
          new URL(page.url()).pathname + new URL(page.url()).search,
        );
        await noViolations(page, `${width} unknown`);
        // Until someone settles it, the link takes no other payment, and says why.
        const next = await customer(browserAs, width);
        await next.page.goto(link.path);
        await next.page.getByLabel("Your mobile money number").fill(`024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
        await pressLikeAPerson(next.page, next.page.getByRole("button", { name: "Pay GH₵2.00" }));
        await expect(
          next.page.getByRole("alert").filter({ hasText: "We do not know yet whether an earlier payment on this link went through" }),
        ).toBeVisible();
        await next.context.close();
      }
      expect((await context.cookies()).map((c) => c.name)).toEqual([]);
      await context.close();
    }
  });
}

test("a link made for one customer shows their number masked, and the whole number is never in the page, its data or its answers", async ({
  browserAs,
}) => {
  const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const added = await staff.post("/api/customers", {
    data: { name: "Ama Pay-Page", phoneNumber: phone, provider: "mtn" },
    headers: { "Content-Type": "application/json" },
  });
  expect(added.status()).toBe(201);
  const link = await makeLink({ customerId: (await added.json()).customer.id, amount: "7.50" });

  const { context, page } = await customer(browserAs, 390);
  const bodies: string[] = [];
  page.on("response", (r) => {
    bodies.push(`${r.url()} ${JSON.stringify(r.headers())}`);
    void r.text().then(
      (t) => bodies.push(t),
      () => {},
    );
  });
  await page.goto(link.path);
  const masked = `${phone.slice(0, 3)} ••• ••${phone.slice(-2)}`;
  await expect(page.getByText(masked)).toBeVisible();
  await expect(page.getByLabel("Your mobile money number")).toHaveCount(0);
  await noViolations(page, "customer's link");
  await pressLikeAPerson(page, page.getByRole("button", { name: "Pay GH₵7.50" }));
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: masked })).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const seen = [await page.content(), ...bodies].join("\n");
  for (const form of [phone, phone.slice(1), `233${phone.slice(1)}`, `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`]) {
    expect(seen, `the number as ${form}`).not.toContain(form);
  }
  await context.close();
});

test("a link the customer prices: the range is shown, and an amount outside it is named", async ({ browserAs }) => {
  const link = await makeLink({ amountKind: "open", amount: "", minAmount: "5", maxAmount: "50" });
  const { context, page } = await customer(browserAs, 390);
  await page.goto(link.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make a payment");
  await expect(page.getByText("From GH₵5.00 to GH₵50.00")).toBeVisible();
  await page.getByLabel("Your mobile money number").fill(`020${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await expect(page.getByLabel("Network")).toHaveValue("vodafone");
  await page.getByLabel("Amount (GHS)").fill("60");
  await pressLikeAPerson(page, page.getByRole("button", { name: "Pay" }));
  await expect(page.getByText("Enter an amount from GH₵5.00 to GH₵50.00")).toBeVisible();
  await noViolations(page, "amount refused");
  await page.getByLabel("Amount (GHS)").fill("12.50");
  await pressLikeAPerson(page, page.getByRole("button", { name: "Pay" }));
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "GH₵12.50" })).toHaveCount(1);
  await expect(page.getByRole("definition").filter({ hasText: "Telecel Cash" })).toHaveCount(1);
  await context.close();
});

test("one link, two payers pressing Pay at once: one charge; the other is told it is paid or in progress", async ({ browserAs }) => {
  const link = await makeLink();
  const [a, b] = [await customer(browserAs, 390), await customer(browserAs, 1280)];
  for (const { page } of [a, b]) {
    await page.goto(link.path);
    await page.getByLabel("Your mobile money number").fill(`024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  }
  await Promise.all([a, b].map(({ page }) => page.getByRole("button", { name: "Pay GH₵2.00" }).click()));
  const outcomes = await Promise.all(
    [a, b].map(async ({ page }) => {
      const won = page.getByRole("heading", { name: "Payment received" });
      const lost = page.getByRole("heading", { name: "Already paid" }).or(page.getByRole("alert").filter({ hasText: /in progress/ }));
      await expect(won.or(lost)).toBeVisible();
      return (await won.isVisible()) ? "paid" : "refused";
    }),
  );
  expect(outcomes.sort()).toEqual(["paid", "refused"]);
  expect(await attemptsOf(link)).toHaveLength(1);
  await a.context.close();
  await b.context.close();
});

test("a reload while the prompt waits shows the same attempt, never a second one; after paying, the page keeps its receipt", async ({
  browserAs,
}) => {
  const link = await makeLink();
  const { context, page } = await customer(browserAs, 390);
  await page.goto(link.path);
  await page.getByLabel("Your mobile money number").fill("0240000002");
  await pressLikeAPerson(page, page.getByRole("button", { name: "Pay GH₵2.00" }));
  await expect(page.getByRole("heading", { name: "Approve the prompt on your phone" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Approve the prompt on your phone" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 15_000 });
  // Paid: this tab's address is its attempt's, which still shows the receipt; the link itself
  // answers 410 to everyone.
  expect(page.url()).toMatch(/\?attempt=[A-Za-z0-9_-]{22}$/);
  const again = await page.reload();
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(await attemptsOf(link)).toHaveLength(1);

  // Anyone else opening it is told it is paid, by name of the business's link.
  const other = await customer(browserAs, 390);
  expect((await other.page.goto(link.path))?.status()).toBe(410);
  await expect(other.page.getByRole("heading", { name: "Already paid" })).toBeVisible();
  await noViolations(other.page, "paid link");
  await other.context.close();
  await context.close();
});

test("paused, cancelled and guessed links each say so, with their HTTP status; a paused link takes payments again once resumed", async ({
  browserAs,
}) => {
  const paused = await makeLink();
  await control(paused, "pause");
  const cancelled = await makeLink();
  await control(cancelled, "cancel");
  const { context, page } = await customer(browserAs, 390);
  // An expected refusal is no error of the page's: the only console line is the browser's own
  // note of the status (docs/decisions/expected-answers.md), and no script fails.
  const logged: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") logged.push(m.text());
  });
  page.on("pageerror", (e) => logged.push(`script error: ${e.message}`));
  const cases = [
    { path: paused.path, status: 410, heading: "This link is paused", says: "Try again later" },
    { path: cancelled.path, status: 410, heading: "This link was cancelled", says: "cancelled this payment link" },
    { path: `/pay/${"A".repeat(24)}`, status: 404, heading: "Payment link not found", says: "copied whole" },
    { path: "/pay/short", status: 404, heading: "Payment link not found", says: "copied whole" },
  ];
  for (const c of cases) {
    const res = await page.goto(c.path);
    expect(res?.status(), c.path).toBe(c.status);
    expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    expect(res?.headers()["set-cookie"]).toBeUndefined();
    await expect(page.getByRole("heading", { name: c.heading })).toBeVisible();
    await expect(page.getByText(c.says)).toBeVisible();
    await noViolations(page, c.heading);
  }
  expect(logged.filter((line) => !/^Failed to load resource: the server responded with a status of 4(04|10) /.test(line))).toEqual([]);
  await control(paused, "resume");
  expect((await page.goto(paused.path))?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Pay GH₵2.00" })).toBeVisible();
  await context.close();
});

test("a pay link's attempts in Transactions, filtered and exported by the link; Insights counts pay links as a source", async ({
  baseURL,
  browserAs,
}) => {
  const link = await makeLink({ reference: `INV-${Date.now().toString(36)}` });
  const payer = await customer(browserAs, 390);
  await payer.page.goto(link.path);
  await payer.page.getByLabel("Your mobile money number").fill(`024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await pressLikeAPerson(payer.page, payer.page.getByRole("button", { name: "Pay GH₵2.00" }));
  await expect(payer.page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await payer.context.close();

  const owner = await browserAs("owner", { viewport: { width: 1280, height: 900 } });
  const page = await owner.newPage();
  await page.goto(`/pay-links/${link.id}`);
  await page.getByRole("link", { name: "Filter and export them in Transactions" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?request=${link.id}$`));
  await expect(page.getByTestId("request-filter")).toContainText("The attempts to pay the pay link");
  await expect(page.getByTestId("charge-row")).toHaveCount(1);
  const api = await apiAs("owner", baseURL!);
  const exported = await api.get(`/api/charges/export?request=${link.id}`);
  expect(exported.status()).toBe(200);
  const [head, row] = (await exported.text()).replace(/^\uFEFF/, "").split("\r\n");
  expect(head).toContain('"pay_link_reference"');
  expect(row).toContain(link.id);
  await api.dispose();
  await page.goto("/insights");
  await expect(page.getByTestId("source-link")).toContainText(/[1-9]\d* (charge|charges), [1-9]\d* succeeded/);
  await owner.close();
});

test("a cross-site post to pay a link, to the API or as the page's form, is refused and sends nothing; so is one without a key", async ({
  playwright,
  baseURL,
}) => {
  const link = await makeLink();
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
  const pay = (headers: Record<string, string>) =>
    api.post(`/api${link.path}`, { data: { phoneNumber: "0241234567" }, headers: { "Content-Type": "application/json", ...headers } });
  const crossSite = await pay({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Idempotency-Key": uniqueKey("evil") });
  expect(crossSite.status()).toBe(403);
  expect((await crossSite.json()).error.code).toBe("cross_origin");
  const keyless = await pay({ Origin: baseURL! });
  expect(keyless.status()).toBe(400);
  // The page's own form, posted from another site: 403, the link's page saying why, nothing sent.
  const form = await api.post(link.path, {
    form: { key: uniqueKey("evil-form"), phoneNumber: "0241234567" },
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(403);
  expect(await form.text()).toContain("Requests from other sites are refused.");
  expect(await attemptsOf(link)).toHaveLength(0);
  await api.dispose();
});
