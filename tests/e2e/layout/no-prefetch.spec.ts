// Links do not prefetch (components/ui/link.tsx): a page full of links — the header, the filter's
// presets, the pager — asks the server for nothing after it loads, and a link of an App Router
// page still navigates in place, without a full page load. (The header's links load the next page
// as a document: components/layout/nav-links.tsx; the lists run no router at all: pages/.)
import { expect, test } from "../support/fixtures";

test.use({ viewport: { width: 1280, height: 800 }, role: "owner" });

test("a page of links asks for no other page after it loads, and a click still navigates in place", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.headers()["next-router-prefetch"] || url.searchParams.has("_rsc")) asked.push(url.pathname + url.search);
  });
  for (const [path, heading] of [
    ["/transactions", "Transactions"],
    ["/settings/api-keys", "API keys"],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Links come into view as the page scrolls: they fetch nothing either.
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    await page.waitForLoadState("networkidle");
  }
  expect(asked).toEqual([]);

  // A navigation in place keeps the page's window state; a full load would reset it.
  await page.goto("/settings/api-keys");
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page.getByRole("main").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys\/reference$/);
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(asked.length).toBeGreaterThan(0);
});
