// The pages served outside the App Router (pages/: docs/decisions/lists-without-runtime.md), each
// given its gate and its view here: a page's slot (lib/<feature>/page-bridge.ts) is filled with
// lib/layout/staff-page.ts around the feature's view. Part of the composition root, with
// ./startup.ts, which calls it once the database is open.
import "server-only";
import type { Db } from "@/lib/db/open";
import type { Visitor } from "@/lib/access/types";
import { clientIp } from "@/lib/http/origin";
import { upstream } from "@/lib/momo/upstream";
import { payLinksPages, providePayPages } from "@/lib/payment-requests/page-bridge";
import { payLinksView } from "@/lib/payment-requests/list-view";
import { newPayLinkView } from "@/lib/payment-requests/form-page";
import { batchesPages } from "@/lib/batches/page-bridge";
import { batchesListView } from "@/lib/batches/list-view";
import { newBatchView } from "@/lib/batches/form-page";
import { reconcilePages } from "@/lib/reconcile/page-bridge";
import { queueAction, queueView } from "@/lib/reconcile/queue-view";
import { historyPages } from "@/lib/history/page-bridge";
import { teamPages } from "@/lib/layout/team-bridge";
import { settingsPages } from "@/lib/layout/settings-bridge";
import { sessionPages } from "@/lib/layout/session-bridge";
import { profileView } from "@/lib/session/profile-view";
import { settingsView } from "@/lib/business/page-view";
import { teamView } from "@/lib/team/page-view";
import { customersPages } from "@/lib/customers/page-bridge";
import { customersView } from "@/lib/customers/directory-view";
import { editCustomerView, newCustomerView } from "@/lib/customers/form-page";
import { auditPages } from "@/lib/audit-log/page-bridge";
import { accountPages } from "@/lib/account/page-bridge";
import { chargesPages } from "@/lib/charges/page-bridge";
import { newChargeView } from "@/lib/charges/form-page";
import { currentChargeView } from "@/lib/charges/views";
import { accountPageView } from "@/lib/account/page-view";
import { insightsPages } from "@/lib/insights/page-bridge";
import { insightsPageView } from "@/lib/insights/page-view";
import { homePages } from "@/lib/home/page-bridge";
import { homeView } from "@/lib/home/page-view";
import { searchPages } from "@/lib/search/page-bridge";
import { searchEverything } from "@/lib/search/results";
import { auditPageAction, auditPageView } from "@/lib/audit-log/audit-page";
import { staffAction, staffPage, visitorPage } from "@/lib/layout/staff-page";
import { notificationsPages } from "@/lib/layout/notifications-bridge";
import { notificationsAction, notificationsView } from "@/lib/notifications/page-view";
import { transactionsAction, transactionsView } from "@/lib/history/transactions-view";
import { chargePages } from "@/lib/charge-page/page-bridge";
import { chargePageAction, chargePageView, whereOf } from "@/lib/charge-page/page-view";
import { payPage, submitPayForm } from "@/lib/payment-requests/public";
import { shopReturn } from "@/lib/payment-requests/shop-return";

/** Fills every page slot; `db` is the pay page visitor's database, as a public route's ctx has it. */
export function providePages(db: Db): void {
  // The pay page is outside the route pipeline: its visitor is made here, as a public route's ctx is.
  const visitor = (headers: Headers): Visitor => ({ db, upstream: () => upstream(db), caller: { headers, ip: clientIp(headers) } });
  providePayPages({
    view: (token, attemptKey, headers) => payPage(visitor(headers), token, attemptKey),
    submit: (token, form, request) => submitPayForm(visitor(request.headers), token, form, request.url),
    shopReturn: (token, attemptKey) => shopReturn(db, token, attemptKey),
  });
  // The lists served without the framework's runtime (docs/decisions/lists-without-runtime.md).
  historyPages.provide({
    transactions: (request) => staffPage(request, "charge:read", "/transactions", (ctx) => transactionsView(ctx, request.query)),
    act: (request, form, url) => staffAction(request, "charge:read", "/transactions", (ctx) => transactionsAction(ctx, form, url)),
  });
  customersPages.provide({
    directory: (request) => staffPage(request, "customer:read", "/customers", (ctx) => customersView(ctx, request.query)),
    form: (request) =>
      staffPage(request, "customer:manage", "/customers/new", (ctx) => newCustomerView(ctx, request.query, currentChargeView)),
    edit: (request, id) =>
      staffPage(request, "customer:manage", `/customers/${encodeURIComponent(id)}/edit`, (ctx) => editCustomerView(ctx, id)),
    import: (request) => staffPage(request, "customer:manage", "/customers/import", async () => ({})),
  });
  auditPages.provide({
    log: (request) => staffPage(request, "audit:read", "/audit", (ctx) => auditPageView(ctx, request.query)),
    act: (request, form, url) => staffAction(request, "audit:read", "/audit", (ctx) => auditPageAction(ctx, form, url)),
  });
  batchesPages.provide({
    list: (request) => staffPage(request, "batch:read", "/batches", (ctx) => batchesListView(ctx, request.query)),
    form: (request) => staffPage(request, "batch:create", "/batches/new", async () => newBatchView()),
  });
  reconcilePages.provide({
    queue: (request) => staffPage(request, "charge:reconcile", "/reconcile", (ctx) => queueView(ctx, request.query)),
    act: (request, form, url) => staffAction(request, "charge:reconcile", "/reconcile", (ctx) => queueAction(ctx, form, url)),
  });
  notificationsPages.provide({
    list: (request) => staffPage(request, "profile:own", "/notifications", (ctx) => notificationsView(ctx, request.query)),
    act: (request, form, url) => staffAction(request, "profile:own", "/notifications", (ctx) => notificationsAction(ctx, form, url)),
  });
  // A charge's page: the history's for whoever reads charges, the queue's for whoever reconciles.
  const chargeGate = { history: "charge:read", queue: "charge:reconcile" } as const;
  chargePages.provide({
    view: (request, id, from) => {
      const where = whereOf(id, from, request.query);
      return staffPage(request, chargeGate[from], where.path, (ctx) => chargePageView(ctx, id, where, request.query));
    },
    act: (request, id, from, form, url) => {
      const where = whereOf(id, from, request.query);
      return staffAction(request, chargeGate[from], where.path, (ctx) => chargePageAction(ctx, id, where, form, url));
    },
  });
  insightsPages.provide({
    report: (request) => staffPage(request, "insight:read", "/insights", (ctx) => insightsPageView(ctx, request.query)),
  });
  homePages.provide({ home: (request) => staffPage(request, "charge:read", "/", (ctx) => homeView(ctx)) });
  searchPages.provide({
    results: (request) => staffPage(request, "charge:read", "/search", (ctx) => searchEverything(ctx, firstOf(request.query.q))),
  });
  chargesPages.provide({
    form: (request) => staffPage(request, "charge:create", "/charges/new", (ctx) => newChargeView(ctx, request.query)),
  });
  teamPages.provide({ team: (request) => staffPage(request, "team:manage", "/team", (ctx) => teamView(ctx)) });
  settingsPages.provide({
    business: (request) => staffPage(request, "business:manage", "/settings", (ctx) => settingsView(ctx)),
  });
  sessionPages.provide({
    profile: (request) => staffPage(request, "profile:own", "/profile", (ctx) => profileView(ctx)),
    signIn: (request) =>
      visitorPage(request, "/sign-in", async () => ({ next: typeof request.query.next === "string" ? request.query.next : null })),
  });
  accountPages.provide({ record: (request) => staffPage(request, "account:read", "/account", (ctx) => accountPageView(ctx)) });
  payLinksPages.provide({
    list: (request) => staffPage(request, "request:read", "/pay-links", (ctx) => payLinksView(ctx, request.query)),
    form: (request) => staffPage(request, "request:create", "/pay-links/new", (ctx) => newPayLinkView(ctx, request.query)),
  });
}

/** A query parameter's first value, or "" when it is absent. */
const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
