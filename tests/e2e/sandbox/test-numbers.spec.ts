// A newcomer in TEST mode: the sandbox's test numbers sit beside the charge form, and one click
// puts a number in the form, whose outcome is then the one the list promised.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { badge, headline, openChargeForm, uniqueDescription } from "../support/charge";

const testNumbers = (page: Page) => page.getByRole("complementary", { name: "Test numbers" });

test("clicking a test number fills it in, and the charge ends as the list says", async ({ page }) => {
  await openChargeForm(page);
  const list = testNumbers(page);
  await expect(list.getByRole("button")).toHaveCount(7);
  const funds = list.getByRole("button", { name: /^024 000 0004/ });
  await expect(funds).toContainText("Failed");
  await expect(funds).toContainText("Insufficient funds");

  await funds.click();
  await expect(page.getByLabel("Customer's phone number")).toHaveValue("0240000004");
  await expect(page.getByLabel("Network")).toHaveValue("mtn");
  await expect(page.getByText("Local form: 024 000 0004")).toBeVisible();

  await page.getByLabel("Amount").fill("3.00");
  await page.getByLabel("Description (optional)").fill(uniqueDescription("test-number"));
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(headline(page)).toHaveText("Charge failed");
  await expect(page.getByTestId("charge-message")).toHaveText("There was not enough money in the mobile money account.");
});

test("a picked number replaces what was typed, clears its error, and the next pick replaces it again", async ({ page }) => {
  await openChargeForm(page);
  const phone = page.getByLabel("Customer's phone number");
  await phone.fill("12345");
  await phone.blur();
  await expect(page.getByText("Enter a 10-digit number such as 024 123 4567")).toBeVisible();

  await testNumbers(page)
    .getByRole("button", { name: /^024 000 0002/ })
    .click();
  await expect(phone).toHaveValue("0240000002");
  await expect(page.getByText("Enter a 10-digit number such as 024 123 4567")).toBeHidden();
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");

  await testNumbers(page)
    .getByRole("button", { name: /^024 000 0001/ })
    .click();
  await expect(phone).toHaveValue("0240000001");
  await page.getByLabel("Amount").fill("2.50");
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(badge(page)).toHaveText("Success");
});

test("at 1280 px the list sits beside the form; at 390 px below it, every row readable", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openChargeForm(page);
  const form = page.getByRole("button", { name: "Charge customer" });
  const list = testNumbers(page);
  const [formBox, listBox] = [await form.boundingBox(), await list.boundingBox()];
  expect(listBox!.x).toBeGreaterThan(formBox!.x + formBox!.width);
  expect(listBox!.y).toBeLessThan(formBox!.y);

  await page.setViewportSize({ width: 390, height: 844 });
  const [narrowForm, narrowList] = [await form.boundingBox(), await list.boundingBox()];
  expect(narrowList!.y).toBeGreaterThan(narrowForm!.y + narrowForm!.height);
  expect(narrowList!.x + narrowList!.width).toBeLessThanOrEqual(390);
  // Nothing spills sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await list.getByRole("button", { name: /^024 000 0003/ }).click();
  await expect(page.getByLabel("Customer's phone number")).toHaveValue("0240000003");
});
