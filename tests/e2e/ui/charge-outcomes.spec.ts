// A member of staff charges the sandbox's test numbers and watches each outcome on screen.
import { expect, test } from "@playwright/test";
import { badge, charge, headline, uniqueDescription } from "../support/charge";

test("an instant charge succeeds and shows its reference", async ({ page }) => {
  await charge(page, { amount: "25.50", phone: "024 000 0001", description: uniqueDescription("instant") });
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(badge(page)).toHaveText("Success");
  await expect(page.getByTestId("upstream-message")).toContainText("auto-authorized");
  await expect(page.getByTestId("reference")).toHaveText(/^TXN-MOMO-\d+$/);
  await expect(page.getByRole("term").filter({ hasText: /^Settled$/ })).toBeVisible();
  await expect(page.getByText("GH₵25.50").first()).toBeVisible();
  await expect(page.getByText("MTN Mobile Money")).toBeVisible();
});

test("a USSD charge shows pending, then settles to success on screen", async ({ page }) => {
  await charge(page, { amount: "10", phone: "0240000002", description: uniqueDescription("ussd") });
  await expect(headline(page)).toHaveText("Waiting for the customer to approve");
  await expect(badge(page)).toHaveText("Pending");
  await expect(page.getByRole("status").filter({ hasText: "updates by itself" })).toBeVisible();
  // Nobody reloads: the view polls until the customer's approval arrives.
  await expect(headline(page)).toHaveText("Charge successful", { timeout: 20_000 });
  await expect(page.getByTestId("upstream-message")).toContainText("approved");
});

test("a USSD charge the customer declines ends failed", async ({ page }) => {
  await charge(page, { amount: "10", phone: "0240000003", description: uniqueDescription("declined") });
  await expect(badge(page)).toHaveText("Pending");
  await expect(headline(page)).toHaveText("Charge failed", { timeout: 20_000 });
  await expect(page.getByTestId("upstream-message")).toContainText("declined");
});

test("a charge refused for insufficient funds shows the upstream's reason", async ({ page }) => {
  await charge(page, { amount: "99.99", phone: "0240000004", description: uniqueDescription("funds") });
  await expect(headline(page)).toHaveText("Charge failed");
  await expect(badge(page)).toHaveText("Failed");
  await expect(page.getByTestId("upstream-message")).toContainText("Insufficient funds");
  // A failed charge says when it failed, not that it "settled".
  await expect(page.getByRole("term").filter({ hasText: /^Failed$/ })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Settled$/ })).toHaveCount(0);
});

test("an upstream that answers too late leaves the charge unknown, with a warning not to repeat it", async ({ page }) => {
  await charge(page, { amount: "5", phone: "0240000005", description: uniqueDescription("slow") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  const warning = page.getByRole("alert").filter({ hasText: "The money may have moved" });
  await expect(warning).toContainText("Do not simply charge again");
});

test("an upstream 500 leaves the charge unknown", async ({ page }) => {
  await charge(page, { amount: "5", phone: "0240000006", description: uniqueDescription("500") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  await expect(badge(page)).toHaveText("Unknown");
});
