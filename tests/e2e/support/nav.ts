// The pages the header offers each role, in its order, as [label, address]: what the end-to-end
// tests expect the navigation to hold (spelled out here, not read from lib/team/roles.ts, so that a
// change to the navigation is a change these tests see).
export const NAV_PAGES = {
  owner: [
    ["New charge", "/charges/new"],
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
    ["Reconcile", "/reconcile"],
    ["Insights", "/insights"],
    ["Account", "/account"],
    ["Team", "/team"],
    ["Audit log", "/audit"],
    ["Business", "/settings"],
  ],
  staff: [
    ["New charge", "/charges/new"],
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
  ],
  support: [
    ["Transactions", "/transactions"],
    ["Customers", "/customers"],
    ["Bulk", "/batches"],
    ["Reconcile", "/reconcile"],
    ["Insights", "/insights"],
  ],
} as const;
