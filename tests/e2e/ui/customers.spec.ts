// The customers directory in Chromium at desktop and phone widths: add one (the network follows
// the prefix), a number already there links to them, search by name, reference or whole number
// (not a number's start), a customer's page with totals and charges, Charge again with the form
// filled in, Save as customer from a charge; staff see another member's customer masked and can
// still charge them again (the server charges the stored number).
import { expect, type Page, test } from "@playwright/test";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { remember } from "../support/used-text";
import { stateOf } from "../support/users";

test.use({ storageState: stateOf("owner") });

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
    await page.goto(`/customers?q=${phone.slice(0, 6)}`);
    await expect(page.getByTestId("customer-row").filter({ hasText: who })).toHaveCount(0);

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
  test.use({ storageState: stateOf("staff") });
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
