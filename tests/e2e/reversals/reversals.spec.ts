// Reversals as support records them in the browser, at desktop and phone widths: a part, a too
// large amount named in the form, then the rest; the badge, the remaining amount, the timeline,
// the history and the receipt say so; staff see no form. Nothing is sent upstream (unit tests
// count the upstream's requests: tests/unit/reversals/reversals.test.ts).
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { remember } from "../support/used-text";

test.use({ role: "support" });

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: support records a part, is told when too much, then the rest; every view shows it`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const staff = await apiAs("staff", baseURL!);
    const description = uniqueDescription(`reversal-${name}`);
    const c = await chargeVia(staff, { amount: "25.50", phone: "0240000001", description });
    expect(c.status).toBe("success");
    await staff.dispose();

    await page.goto(`/transactions/${c.id}`);
    const panel = page.getByRole("heading", { name: "Reversals" }).locator("..");
    // The form waits behind its disclosure: the page does not open on it.
    await expect(page.getByLabel("Amount given back (GHS)")).toBeHidden();
    await page.getByText("Record a reversal…").click();
    await expect(page.getByLabel("Amount given back (GHS)")).toHaveValue("25.50");
    // The button that opened it is gone: focus is on the form's first field, not lost on the page.
    await expect(page.getByLabel("Amount given back (GHS)")).toBeFocused();
    await noSidewaysScroll(page, width);

    // Nothing chosen: each field names its problem, nothing is written.
    await page.getByLabel("Amount given back (GHS)").fill("5.00");
    await page.getByRole("button", { name: "Record reversal" }).click();
    await expect(page.getByText("Choose how the money went back")).toBeVisible();
    await expect(page.getByText("Write a note: who asked, and what was done").or(page.getByText(/at least 5 characters/))).toBeVisible();

    await page.getByLabel("How it went back").selectOption("cash");
    await page.getByLabel("Note (required)").fill(remember(`Customer came back to the counter ${name}`));
    await page.getByRole("button", { name: "Record reversal" }).click();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Reversal recorded. GH₵20.50 left.");
    await expect(page.getByTestId("reversal-summary")).toHaveText("GH₵5.00 of GH₵25.50 given back; GH₵20.50 left.");
    await expect(page.getByTestId("reversal-badge")).toHaveText("Partly reversed");
    await expect(page.getByTestId("reversed-amount")).toHaveText("GH₵5.00 given back · GH₵20.50 left");
    // The status stays Success: the money was taken, then part of it given back.
    await expect(page.getByTestId("status-badge").first()).toHaveText("Success");
    const entry = page.getByTestId("timeline-entry").filter({ hasText: "Reversal recorded: GH₵5.00 given back" });
    await expect(entry).toContainText("by E2E Support");
    await expect(entry).toContainText("Cash at the counter");
    await expect(entry).toContainText("Customer came back to the counter");

    // More than is left: the server's refusal lands on the amount field, naming what is left.
    await expect(page.getByLabel("Amount given back (GHS)")).toHaveValue("20.50");
    await page.getByLabel("Amount given back (GHS)").fill("30");
    await page.getByLabel("How it went back").selectOption("network_reversal");
    await page.getByLabel("Note (required)").fill("Customer asked the network for the rest");
    await page.getByRole("button", { name: "Record reversal" }).click();
    await expect(panel.getByText("At most GH₵20.50 is left to reverse on this charge.")).toBeVisible();
    await expect(page.getByLabel("Amount given back (GHS)")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Amount given back (GHS)").fill("20.50");
    await page.getByRole("button", { name: "Record reversal" }).click();
    await expect(page.getByTestId("reversal-badge")).toHaveText("Reversed");
    await expect(page.getByTestId("reversal-summary")).toHaveText("GH₵25.50 of GH₵25.50 given back; GH₵0.00 left.");
    await expect(page.getByRole("button", { name: "Record reversal" })).toHaveCount(0);
    await noSidewaysScroll(page, width);

    await page.goto(`/transactions?q=${encodeURIComponent(description)}`);
    await expect(page.getByTestId("charge-row").filter({ hasText: description }).getByTestId("reversal-badge")).toHaveText("Reversed");
    await page.goto(`/transactions/${c.id}/receipt`);
    await expect(page.getByText("GH₵25.50 (reversed in full)")).toBeVisible();
  });
}

test.describe("as staff", () => {
  test.use({ role: "staff" });
  test("staff see the badge but no reversal form, and the API refuses them", async ({ page, baseURL }) => {
    const staff = await apiAs("staff", baseURL!);
    const c = await chargeVia(staff, { amount: "3.00", phone: "0240000001", description: uniqueDescription("reversal-staff") });
    const refused = await staff.post(`/api/charges/${c.id}/reversals`, { data: { amount: "1.00", method: "cash", note: "staff try" } });
    expect(refused.status()).toBe(403);
    await staff.dispose();
    await page.goto(`/transactions/${c.id}`);
    await expect(page.getByTestId("result-headline")).toHaveText("Charge successful");
    await expect(page.getByRole("heading", { name: "Reversals" })).toHaveCount(0);
  });
});
