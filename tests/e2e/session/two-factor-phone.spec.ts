// Setting up two-factor on the phone that shows the QR code (support must enrol, invites open on
// phones): the QR cannot be scanned by the phone showing it, so the page offers to open the
// authenticator app (otpauth://) and to copy the key, and the key's groups of four wrap whole.
// At 390 and 1280 px, axe-core at 0, and the enrolment finished with the copied key.
import { expect, test } from "../support/fixtures";
import { axeViolations } from "../support/axe";
import { addMember, ownerApi } from "../support/members";
import { saveSecret, totpCode } from "../support/two-factor";

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      role: "anonymous",
      permissions: ["clipboard-read", "clipboard-write"],
    });

    test("open in the authenticator app, copy the key, groups that wrap whole", async ({ page, baseURL }) => {
      const owner = await ownerApi(baseURL as string);
      const m = await addMember(owner, "support", `phone2fa${width}`, "Ama Phone");
      await owner.dispose();
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(m.email);
      await page.getByLabel("Password").fill(m.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/two-factor$/);
      await page.getByLabel("Your password").fill(m.password);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByTestId("totp-qr")).toBeVisible();

      const open = page.getByRole("link", { name: "Open in your authenticator app" });
      const href = (await open.getAttribute("href")) ?? "";
      expect(href).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
      const box = await open.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);

      const secret = new URL(href).searchParams.get("secret") as string;
      const groups = page.getByTestId("totp-group");
      expect((await groups.allInnerTexts()).join("")).toBe(secret.replace(/=+$/, ""));
      // Each group on one line, and none past the key's box.
      const shape = await page.getByTestId("totp-secret").evaluate((p) => {
        const outer = p.getBoundingClientRect();
        return [...p.querySelectorAll("[data-testid=totp-group]")].map((g) => ({
          lines: g.getClientRects().length,
          inside: g.getBoundingClientRect().right <= outer.right + 0.5,
        }));
      });
      expect(shape.every((g) => g.lines === 1 && g.inside)).toBe(true);

      await page.getByRole("button", { name: /^Copy key/ }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret.replace(/=+$/, ""));
      expect(await axeViolations(page)).toEqual([]);

      // The key copied is the one the app needs: its code turns two-factor on.
      await page.getByLabel("Code from the app").fill(totpCode(secret));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      saveSecret(page.url(), m.email, secret);
    });
  });
}
