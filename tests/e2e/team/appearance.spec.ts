// The colour scheme: System follows the device, Light and Dark pin one; the choice is the
// member's, so it follows them to another browser, and nobody else's pages change.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { signInAs } from "../support/charge";
import { addMember, ownerApi } from "../support/members";

const DARK_CANVAS = "rgb(11, 18, 32)";
const LIGHT_CANVAS = "rgb(246, 248, 251)";
const canvas = (page: Page) => page.locator("body").evaluate((b) => getComputedStyle(b.parentElement!).backgroundColor);
const surface = (page: Page) =>
  page
    .locator("header")
    .first()
    .evaluate((h) => getComputedStyle(h).backgroundColor);

test.use({ role: "anonymous" });

for (const width of [1280, 390]) {
  test(`a member's choice of Light or Dark overrides the device and follows them (${width} px)`, async ({ page, baseURL, browserAs }) => {
    await page.setViewportSize({ width, height: 900 });
    const owner = await ownerApi(baseURL!);
    const m = await addMember(owner, "staff", `scheme-${width}`);
    await owner.dispose();
    await signInAs(page, m.email, m.password);

    // System: the device decides.
    await page.goto("/profile");
    await expect(page.getByRole("radio", { name: /System/ })).toBeChecked();
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await canvas(page)).toBe(DARK_CANVAS);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await canvas(page)).toBe(LIGHT_CANVAS);

    // Dark, on a light device: the whole page turns at once, header included, and is saved.
    await page.getByRole("radio", { name: /Dark/ }).check();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Appearance saved: Dark.");
    expect(await canvas(page)).toBe(DARK_CANVAS);
    expect(await surface(page)).not.toBe("rgb(255, 255, 255)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.goto("/transactions");
    expect(await canvas(page)).toBe(DARK_CANVAS);

    // Another browser, dark device, Light chosen there: the first one follows after a reload.
    const other = await browserAs("anonymous", { colorScheme: "dark" });
    const second = await other.newPage();
    await signInAs(second, m.email, m.password);
    await second.goto("/profile");
    await expect(second.getByRole("radio", { name: /Dark/ })).toBeChecked();
    expect(await canvas(second)).toBe(DARK_CANVAS);
    await second.getByRole("radio", { name: /Light/ }).check();
    await expect(second.getByRole("status", { name: "Notifications" })).toContainText("Appearance saved: Light.");
    expect(await canvas(second)).toBe(LIGHT_CANVAS);
    await other.close();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    expect(await canvas(page)).toBe(LIGHT_CANVAS);
  });
}

test("the choice is the member's own: a wrong value is refused naming the field, and others' pages do not change", async ({
  browserAs,
  baseURL,
}) => {
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "support", "scheme-refused");
  await owner.dispose();
  const context = await browserAs("anonymous", { colorScheme: "dark" });
  const page = await context.newPage();
  await signInAs(page, m.email, m.password);
  const put = (theme: unknown) =>
    page.request.put("/api/profile/theme", {
      data: { theme },
      headers: { "Content-Type": "application/json", Origin: new URL(baseURL!).origin },
    });
  const refused = await put("DARK");
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.fields).toEqual({ theme: "Choose System, Light or Dark" });
  expect((await put("light")).status()).toBe(200);
  await page.goto("/transactions");
  expect(await canvas(page)).toBe(LIGHT_CANVAS);
  await context.close();

  // The seeded staff member, on a dark device, still gets dark pages.
  const staff = await browserAs("staff", { colorScheme: "dark" });
  const staffPage = await staff.newPage();
  await staffPage.goto("/transactions");
  expect(await canvas(staffPage)).toBe(DARK_CANVAS);
  await staff.close();
});

// On a slow phone the profile is on screen before its code (the page's one island): a scheme
// tapped then is not shown as chosen while nothing would save it; it is chosen, and saved, once
// the code is there.
test("a scheme tapped before the page's code has arrived is chosen and saved once it has", async ({ page, baseURL }) => {
  const owner = await ownerApi(baseURL!);
  const m = await addMember(owner, "staff", "scheme-early");
  await owner.dispose();
  await signInAs(page, m.email, m.password);
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/islands\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not "domcontentloaded": that waits for the island's module, which is held.
  await page.goto("/profile", { waitUntil: "commit" });
  const dark = page.getByRole("radio", { name: /Dark/ });
  await dark.click();
  await expect(page.locator("[data-island][data-hydrated]")).toHaveCount(0);
  await expect(dark).not.toBeChecked();
  release();
  await expect(dark).toBeChecked();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Appearance saved: Dark.");
  await page.reload();
  await expect(page.getByRole("radio", { name: /Dark/ })).toBeChecked();
});
