// Pay links in Chromium at desktop and phone widths, as members make and keep them: staff make a
// link (the form names what is missing first), copy it and see its QR code, pause, resume and
// cancel it; a link the customer prices is a range; support only reads one; a customer's page
// leads to a link made for them.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { pressLikeAPerson } from "../support/press";
import { remember } from "../support/used-text";

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: staff make a pay link, copy it, pause, resume and cancel it; support reads it`, async ({ browserAs }) => {
    const tag = `${name}-${Date.now().toString(36)}`;
    const what = remember(`Order ${tag}: two bags of rice`);
    const staff = await browserAs("staff", {
      viewport: { width, height: 900 },
      permissions: ["clipboard-read", "clipboard-write"],
    });
    const page = await staff.newPage();
    await page.goto("/pay-links");
    await page.getByRole("link", { name: "New pay link" }).click();
    await expect(page).toHaveURL(/\/pay-links\/new$/);

    // Sent empty right after leaving the amount: each missing field is named, and nothing is made.
    await page.getByLabel(/^Amount/).fill("");
    await pressLikeAPerson(page, page.getByRole("button", { name: "Make the pay link" }));
    await expect(page.getByText("Enter an amount")).toBeVisible();
    await expect(page.getByText("Say what the payment is for")).toBeVisible();
    await expect(page).toHaveURL(/\/pay-links\/new$/);

    await page.getByLabel(/^Amount/).fill("25.00");
    await page.getByLabel("What it is for").fill(what);
    await page.getByLabel("The link works for").selectOption("3");
    await page.getByLabel("Your reference (optional)").fill(`INV-${tag}`);
    await page.getByRole("button", { name: "Make the pay link" }).click();
    await expect(page).toHaveURL(/\/pay-links\/[0-9a-f-]{36}$/);
    const here = page.url();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(what);
    await expect(page.getByTestId("request-status")).toHaveText("Active");
    const details = page.getByTestId("request-details");
    await expect(details).toContainText("GH₵25.00");
    await expect(details).toContainText("Not paid yet");
    await expect(details).toContainText("Anyone with the link");
    await expect(details).toContainText(`INV-${tag}`);
    await expect(page.getByText("No one has tried to pay yet.")).toBeVisible();

    // The link: this app's address, a 24-character token; copied whole; drawn as a QR code.
    const link = await page.getByTestId("request-url").inputValue();
    expect(link).toMatch(new RegExp(`^${new URL(here).origin}/pay/[A-Za-z0-9_-]{24}$`));
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Copied the pay link.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByTestId("request-qr")).toBeVisible();
    await noSidewaysScroll(page, width);

    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByTestId("request-status")).toHaveText("Paused");
    await expect(page.getByText("Paused: whoever opens the link is told to try again later.")).toBeVisible();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("request-status")).toHaveText("Active");
    await page.getByRole("button", { name: "Cancel…" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel the link" }).click();
    await expect(page.getByTestId("request-status")).toHaveText("Cancelled");
    await expect(page.getByRole("button", { name: /^(Pause|Resume|Cancel…)$/ })).toHaveCount(0);
    await expect(page.getByText(/last cancelled by/)).toBeVisible();

    // In the list, newest first, as it stands now.
    await page.goto("/pay-links");
    const row = page.getByTestId("request-row").filter({ hasText: what });
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("GH₵25.00");
    await noSidewaysScroll(page, width);
    await staff.close();

    // Support reads the link and its state, and may change nothing.
    const support = await browserAs("support", { viewport: { width, height: 900 } });
    const supportPage = await support.newPage();
    await supportPage.goto("/pay-links");
    await expect(supportPage.getByRole("link", { name: "New pay link" })).toHaveCount(0);
    await supportPage.goto(here);
    await expect(supportPage.getByTestId("request-status")).toHaveText("Cancelled");
    await expect(supportPage.getByTestId("request-url")).toHaveValue(link);
    await support.close();
  });
}

test("a link the customer prices is a range, paid by many up to a maximum; the form says when the range is upside down", async ({
  browserAs,
}) => {
  const owner = await browserAs("owner", { viewport: { width: 390, height: 900 } });
  const page = await owner.newPage();
  await page.goto("/pay-links/new");
  await page.getByLabel("The customer enters it").check();
  await page.getByLabel(/^Smallest amount/).fill("50");
  await page.getByLabel(/^Largest amount/).fill("5");
  await page.getByLabel("What it is for").fill(remember("Donations to the school fund"));
  await page.getByLabel(/Can be paid more than once/).check();
  await page.getByLabel("Most payments (optional)").fill("10");
  await page.getByRole("button", { name: "Make the pay link" }).click();
  await expect(page.getByText("The largest amount is below the smallest")).toBeVisible();
  await page.getByLabel(/^Smallest amount/).fill("5");
  await page.getByLabel(/^Largest amount/).fill("50");
  await page.getByRole("button", { name: "Make the pay link" }).click();
  await expect(page).toHaveURL(/\/pay-links\/[0-9a-f-]{36}$/);
  const details = page.getByTestId("request-details");
  await expect(details).toContainText("GH₵5.00 to GH₵50.00");
  await expect(details).toContainText("0 of at most 10 paid");
  await expect(details).toContainText("More than once");
  await owner.close();
});

test("a customer's page leads to a pay link made for them, which names them", async ({ browserAs, baseURL }) => {
  const api = await apiAs("staff", baseURL!);
  const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const added = await api.post("/api/customers", {
    data: { name: "Kofi Pay-Link", phoneNumber: phone, provider: "mtn" },
    headers: { "Content-Type": "application/json" },
  });
  expect(added.status()).toBe(201);
  const { customer } = await added.json();
  await api.dispose();

  const staff = await browserAs("staff", { viewport: { width: 1280, height: 900 } });
  const page = await staff.newPage();
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole("link", { name: "Send a pay link" }).click();
  await expect(page.getByText("For Kofi Pay-Link: the pay page offers only their number, partly hidden.")).toBeVisible();
  await page.getByLabel(/^Amount/).fill("12.00");
  await page.getByLabel("What it is for").fill(remember("Kofi's monthly dues"));
  await page.getByRole("button", { name: "Make the pay link" }).click();
  await expect(page).toHaveURL(/\/pay-links\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("request-details").getByRole("link", { name: "Kofi Pay-Link" })).toHaveAttribute(
    "href",
    `/customers/${customer.id}`,
  );
  await staff.close();
});
