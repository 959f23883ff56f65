// The form as a person uses it: mistakes are explained and charge nothing; one press, one charge.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { badge, fillCharge, headline, openChargeForm, uniqueDescription } from "../support/charge";
import { uniqueKey } from "../support/api";
import { pressLikeAPerson } from "../support/press";
import { SCRIPT_FILES } from "../support/script-files";

async function rowsWith(page: Page, description: string) {
  const res = await page.request.get("/api/charges");
  const { charges } = (await res.json()) as { charges: { id: string; description: string }[] };
  return charges.filter((c) => c.description === description);
}

test("a press right after leaving an empty field sends the form: every field says what it needs, not only that one", async ({ page }) => {
  await openChargeForm(page);
  // Leaving the amount shows its message and moves the button down; the press must still count.
  await page.getByLabel("Amount").fill("");
  await pressLikeAPerson(page, page.getByRole("button", { name: "Charge customer" }));
  await expect(page.getByText("Enter an amount")).toBeVisible();
  await expect(page.getByText("Enter the customer's phone number")).toBeVisible();
  await expect(page.getByText("Choose the customer's network")).toBeVisible();
});

test("field errors explain each mistake and nothing is charged", async ({ page }) => {
  const description = uniqueDescription("invalid");
  await openChargeForm(page);
  await page.getByLabel("Description (optional)").fill(description);
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page.getByText("Enter an amount")).toBeVisible();
  await expect(page.getByText("Enter the customer's phone number")).toBeVisible();
  await expect(page.getByText("Choose the customer's network")).toBeVisible();

  // Errors follow the typing once a field has been visited.
  await page.getByLabel("Amount").fill("12.345");
  await expect(page.getByText("GHS amounts have at most 2 decimal places")).toBeVisible();
  await page.getByLabel("Amount").fill("-5");
  await expect(page.getByText("The amount must be more than zero")).toBeVisible();
  await page.getByLabel("Amount").fill("12.34");
  await expect(page.getByText("GHS amounts have at most 2 decimal places")).toBeHidden();
  // The number picks the network: its message and red border go.
  await page.getByLabel("Customer's phone number").fill("0241234567");
  await expect(page.getByText("Choose the customer's network")).toBeHidden();
  await expect(page.getByLabel("Network")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Customer's phone number").fill("12345");
  await expect(page.getByText("Enter a 10-digit number such as 024 123 4567")).toBeVisible();
  await page.getByLabel("Amount").fill("0");
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page).toHaveURL(/\/charges\/new$/);
  expect(await rowsWith(page, description)).toHaveLength(0);
});

test("the network is suggested from the prefix, can be overridden, and Vodafone shows the voucher help", async ({ page }) => {
  await openChargeForm(page);
  const network = page.getByLabel("Network");
  await page.getByLabel("Customer's phone number").fill("+233 20 123 4567");
  await expect(network).toHaveValue("vodafone");
  await expect(page.getByText("Local form: 020 123 4567")).toBeVisible();
  await expect(page.getByLabel("Voucher (optional)")).toBeVisible();
  await expect(page.getByText("*110#")).toBeVisible();

  await page.getByLabel("Customer's phone number").fill("054-123-4567");
  await expect(network).toHaveValue("mtn");
  await expect(page.getByLabel("Voucher (optional)")).toBeHidden();

  // Once the person picks a network, the prefix no longer changes it.
  await network.selectOption("airteltigo");
  await page.getByLabel("Customer's phone number").fill("0201234567");
  await expect(network).toHaveValue("airteltigo");
  await expect(page.getByText("The prefix suggests Telecel Cash (Vodafone).")).toBeVisible();
});

test("a double click charges the customer once", async ({ page }) => {
  const description = uniqueDescription("double");
  await openChargeForm(page);
  await fillCharge(page, { amount: "7.00", phone: "0241234567", description });
  await page.getByRole("button", { name: "Charge customer" }).dblclick();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(headline(page)).toHaveText("Charge successful");
  expect(await rowsWith(page, description)).toHaveLength(1);
});

// The page is server HTML and its form an island (docs/decisions/forms-as-islands.md): one file,
// the form's checks inside it, so nothing the form needs is asked for after the page has loaded.
test("with every script file failing once the form is ready, it still checks each field and charges once", async ({ page }) => {
  const description = uniqueDescription("checks");
  // An amount of its own: the same number and amount again within 10 minutes is asked about first.
  const amount = (10 + Math.random() * 80).toFixed(2);
  const files: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") files.push(new URL(r.url()).pathname);
  });
  await openChargeForm(page);
  await expect(page.locator("[data-island][data-ready]")).toHaveCount(1);
  // No framework: one script file, the island's.
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^\/islands\/new-charge-[A-Z0-9]+\.js$/);
  // From here on, every script the page might ask for fails, as on a dropped connection or after a new deployment.
  await page.route(SCRIPT_FILES, (route) => route.abort());
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/charges") posts.push(r.url());
  });
  await fillCharge(page, { amount: "12.345", phone: "0241234567", description });
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toHaveLength(0);

  await page.getByLabel("Amount").fill(amount);
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  expect(posts).toHaveLength(1);
  expect(await rowsWith(page, description)).toHaveLength(1);
});

// On a slow phone the form is on screen before its code: what is typed then is kept, and a press
// is held until the code is ready, then sent once — not lost, and not sent by the browser as a
// plain form.
test("typed and pressed before the form's code has arrived, the charge is made once with what was typed", async ({ page }) => {
  const description = uniqueDescription("early");
  const amount = (10 + Math.random() * 80).toFixed(2);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/islands\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  // Not "domcontentloaded": that waits for the page's module scripts, which are held here.
  await page.goto("/charges/new", { waitUntil: "commit" });
  await expect(page.getByRole("button", { name: "Charge customer" })).toBeVisible();
  await expect(page.locator("[data-island][data-ready]")).toHaveCount(0);
  await fillCharge(page, { amount, phone: "0241234567", description });
  await page.getByLabel("Network").selectOption("mtn");
  await page.getByRole("button", { name: "Charge customer" }).click();
  // Held: nothing sent, the page not left.
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(/\/charges\/new$/);

  release();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  expect(posts).toEqual(["/api/charges"]);
  // The description was typed before the code arrived too.
  expect(await rowsWith(page, description)).toHaveLength(1);
});

test("the same idempotency key sent twice at once reaches the ledger once", async ({ request }) => {
  const body = {
    amount: "3.00",
    currency: "GHS",
    phoneNumber: "0241234567",
    provider: "mtn",
    description: uniqueDescription("api-replay"),
  };
  const headers = { "Content-Type": "application/json", "Idempotency-Key": uniqueKey("e2e_replay") };
  const [a, b] = await Promise.all([
    request.post("/api/charges", { data: body, headers }),
    request.post("/api/charges", { data: body, headers }),
  ]);
  const [ja, jb] = [await a.json(), await b.json()];
  expect(ja.charge.id).toBe(jb.charge.id);
  expect([a.status(), b.status()].sort()).toEqual([200, 201]);
  const other = await request.post("/api/charges", { data: { ...body, amount: "4.00" }, headers });
  expect(other.status()).toBe(422);
  expect((await other.json()).error.code).toBe("idempotency_mismatch");
});

test("a charge can be made with the keyboard alone", async ({ page }) => {
  await openChargeForm(page);
  await page.getByLabel("Amount").focus();
  await page.keyboard.type("12.00");
  await page.keyboard.press("Tab"); // phone (one currency: nothing to choose)
  await page.keyboard.type("0240000001");
  await page.keyboard.press("Tab"); // network, already suggested
  await expect(page.getByLabel("Network")).toBeFocused();
  await page.keyboard.press("Tab"); // description
  await page.keyboard.type(uniqueDescription("keyboard"));
  await page.keyboard.press("Enter");
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(badge(page)).toHaveText("Success");
  // Focus moved to the outcome, so the keyboard (and a screen reader) start there.
  await expect(headline(page)).toBeFocused();
  // Opened again later (not just made), the page leaves focus where the browser puts it.
  await page.reload();
  await expect(headline(page)).not.toBeFocused();
});

test("staff are told nothing of the minute's limit until it matters; the owner opens the figures, counting the charge just made", async ({
  page,
  browserAs,
}) => {
  await openChargeForm(page);
  await expect(page.getByTestId("budget")).toHaveCount(0);
  await fillCharge(page, { amount: "1.00", phone: "0240000001", description: uniqueDescription("budget") });
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(headline(page)).toHaveText("Charge successful");
  // The charge was sent within the last minute, so it is in this minute's count.
  const { budget } = await (await page.request.get("/api/budget")).json();
  expect(budget).toMatchObject({ limit: 1000, windowMs: 61_000, pausedForMs: 0 });
  expect(budget.used).toBeGreaterThanOrEqual(1);
  expect(budget.left).toBe(1000 - budget.used);
  const owner = await browserAs("owner");
  const theirs = await owner.newPage();
  await openChargeForm(theirs);
  await theirs.getByText("Charges left this minute").click();
  await expect(theirs.getByTestId("budget-left")).toHaveText(/^\d{1,3}(,\d{3})? of 1,000$/);
  const meter = theirs.getByRole("meter", { name: "The mobile money service's limit for this account, shared by the whole team" });
  expect(Number(await meter.getAttribute("value"))).toBeLessThanOrEqual(999);
  expect(await meter.getAttribute("max")).toBe("1000");
  await owner.close();
});

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: only the account's currency is offered (GHS here), and the API refuses any other naming the field`, async ({
    browserAs,
  }) => {
    const ctx = await browserAs("staff", { viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await openChargeForm(page);
    await expect(page.getByLabel("Amount (GHS)")).toBeVisible();
    await expect(page.getByLabel("Currency")).toHaveCount(0);
    await page.getByLabel("Amount").fill("3.00");
    await expect(page.getByText("Customer pays GH₵3.00")).toBeVisible();
    const description = uniqueDescription("usd");
    for (const currency of ["USD", "NGN", "usd"]) {
      const res = await page.request.post("/api/charges", {
        data: { amount: "3.00", currency, phoneNumber: "0241234567", provider: "mtn", description },
        headers: { "Idempotency-Key": uniqueKey("currency") },
      });
      expect(res.status(), currency).toBe(422);
      const { error } = await res.json();
      expect(error.fields.currency, currency).toMatch(currency === "usd" ? /./ : /^This account charges in GHS only$/);
    }
    expect(await rowsWith(page, description)).toHaveLength(0);
    await ctx.close();
  });
}

// The island's module is async, and Chromium may run one it already holds while the page is still
// being parsed, before the form is in it: on a phone-slow CPU half the loads of the form then never
// hydrated (a press held for ever). Each load here must end with the form ready, and a press on it
// checks the fields.
test("on a phone-slow CPU, the form is ready on every load and a press checks it", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  for (let i = 0; i < 6; i++) {
    await page.goto("/charges/new");
    await expect(page.locator("[data-island][data-ready]"), `load ${i + 1}`).toHaveCount(1);
    await page.getByRole("combobox", { name: "Customer's phone number" }).fill("0240000001");
    await page.getByRole("combobox", { name: "Customer's phone number" }).press("Enter");
    await expect(page.getByLabel("Amount"), `load ${i + 1}`).toHaveAttribute("aria-invalid", "true");
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
