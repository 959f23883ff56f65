// A press as a person makes one: down, a moment (a tap or a click lasts about a tenth of a
// second, often more), then up, at the same spot. A form that changes under the finger in
// between (a message appearing as the press blurs a field) loses the click; Playwright's own
// click releases at once, which hides that.
import type { Locator, Page } from "@playwright/test";

export async function pressLikeAPerson(page: Page, target: Locator, holdMs = 250): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error("pressLikeAPerson: the target is not on screen");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(holdMs);
  await page.mouse.up();
}
