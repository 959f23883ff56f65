// The pages the header offers each role, in its order, as [label, address]: what the end-to-end
// tests expect the navigation to hold (spelled out here, not read from lib/access/roles.ts, so that a
// change to the navigation is a change these tests see).
export const NAV_PAGES = {
  owner: [
    ["New charge", "/charges/new"],
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
    ["Pay links", "/pay-links"],
    ["Reconcile", "/reconcile"],
    ["Insights", "/insights"],
  ],
  staff: [
    ["New charge", "/charges/new"],
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
    ["Pay links", "/pay-links"],
  ],
  support: [
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
    ["Pay links", "/pay-links"],
    ["Reconcile", "/reconcile"],
    ["Insights", "/insights"],
  ],
} as const;

/** The owner's settings pages, under the header's Settings menu (in the phone's menu, under "Settings"). */
export const SETTINGS_PAGES = {
  owner: [
    ["Team", "/team"],
    ["Business", "/settings"],
    ["Webhooks", "/settings/webhooks"],
    ["API keys", "/settings/api-keys"],
    ["Audit log", "/audit"],
    ["Account", "/account"],
  ],
  staff: [],
  support: [],
} as const;

/**
 * A tap outside the phone's open menu: on the header's blank space between the logo and the bell.
 * The owner's menu fills a 390 × 844 screen, so a tap "below it" lands on Sign out.
 */
export async function tapOutsideMenu(page: import("@playwright/test").Page) {
  const bar = await page.getByRole("banner").boundingBox();
  if (!bar) throw new Error("the page has no header");
  await page.mouse.click(bar.x + bar.width * 0.3, bar.y + bar.height / 2);
}
