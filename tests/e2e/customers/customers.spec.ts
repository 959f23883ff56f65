// The customers directory in Chromium at desktop and phone widths: add one (the network follows
// the prefix), a number already there links to them, search by name, reference or number (a
// number's start only where the member sees it whole), a customer's page with totals and charges,
// Charge again with the form filled in, the charge form's suggestions (keyboard and pointer), an
// import from a file, Save as customer from a charge; staff see another member's customer masked
// and can still charge them again (the server charges the stored number).
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { remember } from "../support/used-text";
import { SCRIPT_FILES } from "../support/script-files";

test.use({ role: "owner" });

/** A number of the sandbox's "any other number succeeds" kind, unique to this test. */
const freshNumber = () => `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

async function addCustomer(page: Page, c: { name: string; phone: string; reference?: string }) {
  await page.goto("/customers/new");
  await page.getByLabel("Name").fill(c.name);
  await page.getByLabel("Phone number").fill(c.phone);
  if (c.reference) await page.getByLabel("Your reference (optional)").fill(c.reference);
  await page.getByRole("button", { name: "Add customer" }).click();
}

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: add a customer, find them, charge them again with the form filled in`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const phone = freshNumber();
    const who = remember(`Ama ${name} ${phone.slice(-4)}`);
    const reference = `STU-${phone.slice(-6)}`;
    await addCustomer(page, { name: who, phone: `+233 ${phone.slice(1)}`, reference });
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    const url = page.url();
    await expect(page.getByRole("heading", { name: who })).toBeVisible();
    await expect(page.getByTestId("customer-phone")).toHaveText(spaced(phone));
    await expect(page.getByText("MTN Mobile Money")).toBeVisible();
    await expect(page.getByTestId("customer-last-charge")).toHaveText("None yet");
    await noSidewaysScroll(page, width);

    // The same number again, typed another way: refused on the field, with a link to them.
    await addCustomer(page, { name: "Someone else", phone: spaced(phone) });
    await expect(page.getByText("This number is already in the directory")).toBeVisible();
    await page.getByRole("link", { name: "Open the customer with this number" }).click();
    await expect(page).toHaveURL(url);

    for (const q of [who.slice(4), reference.slice(0, 8), spaced(phone)]) {
      await page.goto(`/customers?q=${encodeURIComponent(q)}`);
      await expect(page.getByTestId("customer-row").filter({ hasText: who }), q).toHaveCount(1);
    }
    // The owner sees every number whole, so its start finds them (staff's does not: below).
    await page.goto(`/customers?q=${phone.slice(0, 6)}`);
    await expect(page.getByTestId("customer-row").filter({ hasText: who })).toHaveCount(1);

    // A first charge (by staff, through the API), then Charge again from the customer's page.
    const staff = await apiAs("staff", baseURL!);
    const description = uniqueDescription(`customer-${name}`);
    await chargeVia(staff, { amount: "12.50", phone, description });
    await staff.dispose();
    await page.goto(url);
    await expect(page.getByTestId("customer-last-charge")).toHaveText("GH₵12.50 · Success");
    await expect(page.getByTestId("customer-totals")).toContainText("Success");
    await expect(page.getByTestId("charge-row")).toHaveCount(1);
    await page.getByRole("link", { name: "Charge again" }).click();
    await expect(page.getByTestId("charge-customer")).toContainText(`${who} · ${spaced(phone)}`);
    await expect(page.getByLabel("Amount")).toHaveValue("12.50");
    await expect(page.getByLabel("Description (optional)")).toHaveValue(description);
    await noSidewaysScroll(page, width);
    await page.getByRole("button", { name: "Charge customer" }).click();
    await expect(page.getByTestId("result-headline")).toHaveText("Charge successful");
    await expect(page.getByTestId("charge-customer-link")).toContainText(who);
    await page.goto(url);
    await expect(page.getByTestId("charge-row")).toHaveCount(2);
  });
}

/** Letters no other test's names hold, so a search for them finds this test's customers only. */
const tagOf = () => `Zq${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: the phone field offers customers as it is typed; arrows, Enter, Escape and the pointer choose`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = tagOf();
    const phone = freshNumber();
    const who = remember(`Yaw ${tag}`);
    const owner = await apiAs("owner", baseURL!);
    const added = await owner.post("/api/customers", {
      data: { name: who, phoneNumber: phone, provider: "mtn", reference: `CMB-${tag}` },
      headers: { "Content-Type": "application/json" },
    });
    expect(added.status()).toBe(201);
    await owner.dispose();

    await page.goto("/charges/new");
    const field = page.getByRole("combobox", { name: "Customer's phone number" });
    const option = page.getByRole("option", { name: new RegExp(tag) });
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await field.fill(tag);
    await expect(option).toHaveCount(1);
    await expect(option).toContainText(`${spaced(phone)} · MTN Mobile Money · CMB-${tag}`);
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(option).toHaveAttribute("aria-selected", "false");
    await field.press("ArrowDown");
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(field).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) as string);
    await field.press("Escape");
    await expect(field).toHaveAttribute("aria-expanded", "false");
    await expect(field).toBeFocused();
    await field.press("ArrowDown");
    await field.press("Enter");
    await expect(page.getByTestId("charge-customer")).toContainText(`${who} · ${spaced(phone)}`);
    await expect(page.getByLabel("Network")).toHaveValue("mtn");

    // Someone else: the field is back, empty and focused; the number's start and the pointer choose them again.
    await page.getByRole("button", { name: "Charge someone else" }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("");
    await field.fill(spaced(phone).slice(0, 7));
    await option.click();
    await expect(page.getByTestId("charge-customer")).toContainText(who);
    await page.getByLabel("Amount").fill("4.00");
    await page.getByLabel("Description (optional)").fill(uniqueDescription(`combobox-${name}`));
    await noSidewaysScroll(page, width);
    await page.getByRole("button", { name: "Charge customer" }).click();
    await expect(page.getByTestId("result-headline")).toHaveText("Charge successful");
    await expect(page.getByTestId("charge-customer-link")).toContainText(who);

    // A number typed and sent without choosing is a plain charge, as before: nothing is chosen for the person.
    await page.goto("/charges/new");
    await field.fill("0240000001");
    await field.press("Enter");
    await expect(page.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("charge-customer")).toHaveCount(0);
  });

  test(`${name}: import customers from a file: problems in place, a bad row dropped, those already there left out`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = tagOf();
    const [kwame, abena, already] = [freshNumber(), `020${freshNumber().slice(3)}`, freshNumber()];
    const owner = await apiAs("owner", baseURL!);
    const kept = await owner.post("/api/customers", {
      data: { name: remember(`Kept ${tag}`), phoneNumber: already, provider: "mtn" },
      headers: { "Content-Type": "application/json" },
    });
    expect(kept.status()).toBe(201);
    await owner.dispose();
    const csv = [
      "Name,Mobile Number,Network,Student ID,Notes",
      `${remember(`Kwame ${tag}`)},${spaced(kwame)},,IMP-${tag},${remember(`pays termly ${tag}`)}`,
      `${remember(`Abena ${tag}`)},${abena},Telecel,,`,
      "Broken row,12345,,,",
      `${remember(`Renamed ${tag}`)},${already},,,`,
      `${remember(`Kwame again ${tag}`)},${kwame},,,`,
    ].join("\n");

    await page.goto("/customers");
    await page.getByRole("link", { name: "Import from CSV" }).click();
    await expect(page).toHaveURL(/\/customers\/import$/);
    await page.getByLabel("CSV file").setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByTestId("import-summary")).toContainText("5 rows · 1 row needs attention");
    const first = page.getByTestId("import-row").first();
    await expect(first).toHaveAttribute("data-line", "4");
    await expect(first).toContainText("Enter a 10-digit number such as 024 123 4567");
    await expect(page.getByRole("button", { name: "Import 5 customers" })).toBeDisabled();
    await noSidewaysScroll(page, width);
    await page.getByRole("button", { name: "Drop line 4" }).click();
    await expect(page.getByTestId("import-summary")).toContainText("4 rows · every row is ready");
    await page.getByRole("button", { name: "Import 4 customers" }).click();

    const result = page.getByTestId("import-result");
    await expect(result).toContainText("2 customers added");
    await expect(page.getByTestId("import-skipped").getByRole("listitem")).toHaveText([
      "Line 5: the number or reference is already in the directory",
      "Line 6: the number or reference is on an earlier line of the file",
    ]);
    await result.getByRole("link", { name: "Go to the customers" }).click();
    await page.goto(`/customers?q=${tag}`);
    const rows = page.getByTestId("customer-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: `Kept ${tag}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `Renamed ${tag}` })).toHaveCount(0);
    await expect(rows.filter({ hasText: `Abena ${tag}` })).toContainText("Telecel");

    // The audit log says it happened, with counts, by whom.
    await page.goto("/audit?action=customers_imported");
    await expect(page.getByTestId("audit-row").filter({ hasText: "2 added" }).first()).toContainText("Customers imported (CSV)");
  });
}

// The import page is one island (docs/decisions/forms-as-islands.md), its file reader in its one
// module: when that module does not load (a dropped connection, a new deployment), the page says
// so at once instead of a file chooser that does nothing; reloaded with the connection back, the
// file is read.
test("when the page's code cannot load, the import says so and imports nothing; reloaded, the file is read", async ({ page }) => {
  const alert = page.getByRole("alert").filter({ hasText: "Part of this page did not load" });
  const file = (name: string) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(`name,phone\n${remember(`Ama ${tagOf()}`)},${freshNumber()}\n`),
  });
  await page.route(SCRIPT_FILES, (route) => route.abort());
  await page.goto("/customers/import");
  await expect(alert).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles(file("first.csv"));
  await expect(page.getByTestId("import-summary")).toHaveCount(0);

  await page.unroute(SCRIPT_FILES);
  await page.reload();
  await expect(alert).toHaveCount(0);
  await page.getByLabel("CSV file").setInputFiles(file("second.csv"));
  await expect(page.getByTestId("import-summary")).toContainText("every row is ready");
});

test("Save as customer from a charge fills the number and network in; the charge then names them", async ({ page, baseURL }) => {
  const owner = await apiAs("owner", baseURL!);
  const phone = `020${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const c = await chargeVia(owner, { amount: "3.00", phone, description: uniqueDescription("save-customer"), provider: "vodafone" });
  await owner.dispose();
  await page.goto(`/transactions/${c.id}`);
  await page.getByRole("link", { name: "Save as customer" }).click();
  await expect(page.getByLabel("Phone number")).toHaveValue(phone);
  await expect(page.getByLabel("Network")).toHaveValue("vodafone");
  await page.getByLabel("Name").fill(remember(`Kofi ${phone.slice(-4)}`));
  await page.getByRole("button", { name: "Add customer" }).click();
  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await page.goto(`/transactions/${c.id}`);
  await expect(page.getByTestId("charge-customer-link")).toContainText(`Kofi ${phone.slice(-4)}`);
  await expect(page.getByRole("link", { name: "Save as customer" })).toHaveCount(0);
});

test.describe("as staff", () => {
  test.use({ role: "staff" });
  test("another member's customer is masked; staff charge them again without ever seeing the number, and cannot edit them", async ({
    page,
    baseURL,
  }) => {
    const owner = await apiAs("owner", baseURL!);
    const phone = freshNumber();
    const res = await owner.post("/api/customers", {
      data: { name: remember(`Esi ${phone.slice(-4)}`), phoneNumber: phone, provider: "mtn" },
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status()).toBe(201);
    const { customer } = await res.json();
    await owner.dispose();

    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByTestId("customer-phone")).toHaveText(/^024 ••• ••\d\d$/);
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    expect(
      (await page.request.patch(`/api/customers/${customer.id}`, { data: { name: "X", phoneNumber: phone, provider: "mtn" } })).status(),
    ).toBe(403);
    expect((await page.request.get(`/customers/${customer.id}/edit`)).status()).toBe(403);
    const api = await page.request.get(`/api/customers/${customer.id}`);
    expect(JSON.stringify(await api.json())).not.toContain(phone);

    // A number's start finds only numbers staff see whole: Esi's stays unfindable by its digits.
    for (const q of [phone.slice(0, 6), phone.slice(0, 9)]) {
      const found = await page.request.get(`/api/customers?q=${q}&limit=8`);
      expect(JSON.stringify(await found.json()), q).not.toContain(`Esi ${phone.slice(-4)}`);
    }
    // The charge form's suggestions find her by name, her number masked; chosen, it stays masked.
    await page.goto("/charges/new");
    const field = page.getByRole("combobox", { name: "Customer's phone number" });
    const asked = page.waitForResponse((r) => r.url().includes(`/api/customers?q=${phone.slice(0, 8)}`));
    await field.fill(phone.slice(0, 8));
    expect(JSON.stringify(await (await asked).json())).not.toContain(`Esi ${phone.slice(-4)}`);
    await expect(page.getByRole("option", { name: new RegExp(`Esi ${phone.slice(-4)}`) })).toHaveCount(0);
    await field.fill(`Esi ${phone.slice(-4)}`);
    const option = page.getByRole("option", { name: new RegExp(`Esi ${phone.slice(-4)}`) });
    await expect(option).toContainText(/024 ••• ••\d\d/);
    expect(await page.content()).not.toContain(phone);
    await field.press("ArrowDown");
    await field.press("Enter");
    await expect(page.getByTestId("charge-customer")).toContainText(/024 ••• ••\d\d/);
    expect(await page.content()).not.toContain(phone);

    await page.goto(`/customers/${customer.id}`);
    await page.getByRole("link", { name: "Charge again" }).click();
    await expect(page.getByTestId("charge-customer")).toContainText(/024 ••• ••\d\d/);
    expect(await page.content()).not.toContain(phone);
    await page.getByLabel("Amount").fill("2.00");
    await page.getByRole("button", { name: "Charge customer" }).click();
    await expect(page.getByTestId("result-headline")).toHaveText("Charge successful");
    await expect(page.getByTestId("charge-customer-link")).toContainText(`Esi ${phone.slice(-4)}`);
    // Their own charge, yet the number stays masked for them: they never had it.
    await expect(page.getByText(/024 ••• ••\d\d/).first()).toBeVisible();
    expect(await page.content()).not.toContain(phone);
    const mine = await page.request.get(`/api/charges/${new URL(page.url()).pathname.split("/").pop()}`);
    expect(JSON.stringify(await mine.json())).not.toContain(phone);
  });
});
