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
    ["Audit log", "/audit"],
    ["Account", "/account"],
  ],
  staff: [],
  support: [],
} as const;
