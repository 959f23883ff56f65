// A charge's page works before any script (issue 44: pages/transactions/[id].tsx runs no framework
// JavaScript, its forms are sent to the page): with JavaScript off at a phone's width, support
// checks an open charge, settles an unknown one by hand through the page's confirmation, and
// records a reversal on a successful one; with it on, the page loads no script file at all.
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";

const PHONE = { width: 390, height: 844 };

test("at 390 px with JavaScript off: Check status, a hand resolution confirmed, a reversal recorded", async ({ browserAs, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const pending = await chargeVia(staff, { amount: "6.10", phone: "0240000007", description: uniqueDescription("no-js-pending") });
  const unknown = await chargeVia(staff, { amount: "6.20", phone: "0240000006", description: uniqueDescription("no-js-unknown") });
  const paid = await chargeVia(staff, { amount: "6.30", phone: "0240000001", description: uniqueDescription("no-js-paid") });
  await staff.dispose();
  const context = await browserAs("support", { baseURL, viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();

  // An open charge: "Check again" is a link to the page; Check status asks and says what came back.
  await page.goto(`/transactions/${pending.id}`);
  await expect(page.getByTestId("open-charge-notice").getByRole("link", { name: "Check again" })).toBeVisible();
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${pending.id}\\?checked=1#reconcile$`));
  await expect(page.getByTestId("check-answer")).toContainText("The upstream says: Pending");
  await expect(page.getByTestId("check-answer")).toBeInViewport();

  // An unknown one: the form names what is missing and keeps what was written; then it asks.
  await page.goto(`/transactions/${unknown.id}`);
  await page.getByLabel("Note (required)").fill("ok");
  await page.getByRole("button", { name: "Resolve charge" }).click();
  await expect(page.getByText("Choose whether the customer was charged")).toBeVisible();
  await expect(page.getByLabel("Note (required)")).toHaveValue("ok");
  await page.getByLabel("No — mark failed").check();
  await page.getByLabel("Note (required)").fill("Wallet shows no debit for this amount.");
  await page.getByRole("button", { name: "Resolve charge" }).click();
  const ask = page.getByRole("dialog", { name: "Mark this charge as failed?" });
  await expect(ask).toContainText("GH₵6.20 from 024 000 0006 is recorded as not received");
  // Cancel is the browser's own (a dialog form): nothing is written.
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId("result-headline")).toHaveText("Outcome unknown");
  await page.getByRole("button", { name: "Resolve charge" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark failed" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${unknown.id}$`));
  await expect(page.getByTestId("result-headline")).toHaveText("Charge failed");
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Resolved by hand" })).toContainText("→ Failed");

  // A successful one: the reversal form opens from its disclosure and records.
  await page.goto(`/transactions/${paid.id}`);
  await page.getByText("Record a reversal…").click();
  await expect(page.getByLabel("Amount given back (GHS)")).toHaveValue("6.30");
  await page.getByLabel("Amount given back (GHS)").fill("2.00");
  await page.getByLabel("How it went back").selectOption("cash");
  await page.getByLabel("Note (required)").fill("Customer came back to the counter");
  await page.getByRole("button", { name: "Record reversal" }).click();
  await expect(page.getByTestId("reversal-summary")).toHaveText("GH₵2.00 of GH₵6.30 given back; GH₵4.30 left.");
  await expect(page.getByLabel("Amount given back (GHS)")).toHaveValue("4.30");
  await context.close();
});

test("the page loads no script file: only its inline ones", async ({ page, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const c = await chargeVia(staff, { amount: "6.40", phone: "0240000007", description: uniqueDescription("no-js-files") });
  await staff.dispose();
  const files: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") files.push(r.url());
  });
  await page.goto(`/transactions/${c.id}`);
  await expect(page.getByTestId("open-charge-notice")).toContainText("This page updates by itself.");
  expect(files).toEqual([]);
});
