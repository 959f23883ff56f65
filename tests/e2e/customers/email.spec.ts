// A directory customer's optional email (where a pay link may be emailed to them), at desktop and
// phone widths: a wrong address is named under its field; a right one is kept trimmed and
// lowercased, shown on the customer's page to the member who added them, and changed on Edit.
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { remember } from "../support/used-text";

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: a customer's email is checked, kept lowercased, shown and changed`, async ({ browserAs }) => {
    const tag = `${name}-${Date.now().toString(36)}`;
    const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const staff = await browserAs("staff", { viewport: { width, height: 900 } });
    const page = await staff.newPage();
    await page.goto("/customers/new");
    await page.getByLabel("Name").fill(`Ama Email ${phone.slice(-4)}`);
    await page.getByLabel("Phone number").fill(phone);
    const email = page.getByLabel("Email (optional)");
    await email.fill("ama at example");
    await email.blur();
    await expect(page.getByText("Enter a valid email address, such as ama@example.com")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
    const address = remember(`ama.${tag}@example.test`);
    await email.fill(`  Ama.${tag.toUpperCase()}@Example.TEST `);
    await page.getByRole("button", { name: "Add customer" }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("customer-email")).toHaveText(address);

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByLabel("Email (optional)")).toHaveValue(address);
    await page.getByLabel("Email (optional)").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("customer-phone")).toBeVisible();
    await expect(page.getByTestId("customer-email")).toHaveCount(0);
    await staff.close();
  });
}
