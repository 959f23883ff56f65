import { expect, type Page } from "@playwright/test";
import { finishBrowserSignIn } from "./two-factor";
import { remember } from "./used-text";

/** A description no other test uses, to find this test's rows in the shared ledger. */
export function uniqueDescription(label: string): string {
  return remember(`${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
}

export async function openChargeForm(page: Page) {
  await page.goto("/charges/new");
  await expect(page.getByRole("heading", { name: "New charge" })).toBeVisible();
  // The form is in the page's HTML; its island's code follows (a press before it is held, then sent).
  await expect(page.getByRole("button", { name: "Charge customer" })).toBeVisible();
}

export async function fillCharge(page: Page, c: { amount: string; phone: string; description?: string }) {
  await page.getByLabel("Amount").fill(c.amount);
  await page.getByLabel("Customer's phone number").fill(c.phone);
  if (c.description) await page.getByLabel("Description (optional)").fill(c.description);
}

/** Fills and submits; resolves on the result view of the new charge. */
export async function charge(page: Page, c: { amount: string; phone: string; description?: string }) {
  await openChargeForm(page);
  await fillCharge(page, c);
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
}

export const headline = (page: Page) => page.getByTestId("result-headline");
export const badge = (page: Page) => page.getByTestId("status-badge");

/**
 * Signs in through the sign-in page, with the code step or enrolment when the member's role
 * requires two-factor (support/two-factor.ts); resolves once the dashboard shows the member.
 */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await finishBrowserSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/sign-in/);
}
