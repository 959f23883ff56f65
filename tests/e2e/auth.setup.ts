// Signs each seeded member in through the sign-in page once and keeps the session for the
// tests that act in that role.
import { expect, test as setup } from "@playwright/test";
import { signInAs } from "./support/charge";
import { E2E_PASSWORD, emailOf, ROLES, stateOf } from "./support/users";

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, emailOf(role), E2E_PASSWORD);
    await expect(page.getByTestId("signed-in-as")).toContainText(role === "owner" ? "Owner" : role === "staff" ? "Staff" : "Support");
    await page.context().storageState({ path: stateOf(role) });
  });
}
