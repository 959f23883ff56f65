// The three list pages with a "Views" bar, as lib/pages.ts serves them through lib/layout/staff-page.ts:
// each page shown and each of its forms sent by a member of the route harness, on its database.
import { eq } from "drizzle-orm";
import { auditPageAction, auditPageView } from "@/lib/audit-log/audit-page";
import { auditEvents, savedViews } from "@/lib/db/schema";
import { transactionsAction, transactionsView } from "@/lib/history/transactions-view";
import { staffAction, staffPage } from "@/lib/layout/staff-page";
import type { FormOutcome, PageRequest, StaffAnswer } from "@/lib/layout/types";
import { queueAction, queueView } from "@/lib/reconcile/queue-view";
import type { ViewsBar } from "@/lib/saved-views/types";
import type { Asker } from "@/lib/access/types";
import type { Permission } from "@/lib/access";
import type { Client, RouteHarness } from "../support/route-harness";

type Shown = { views: ViewsBar; form: { values: Record<string, string | undefined> } };
type Page = {
  permission: Permission;
  path: string;
  view(ctx: Asker, query: PageRequest["query"]): Promise<Shown>;
  act(ctx: Asker, form: URLSearchParams | null, url: string): Promise<FormOutcome<Shown>>;
};

export const PAGES = {
  transactions: { permission: "charge:read", path: "/transactions", view: transactionsView, act: transactionsAction },
  reconcile: { permission: "charge:reconcile", path: "/reconcile", view: queueView, act: queueAction },
  audit: { permission: "audit:read", path: "/audit", view: auditPageView, act: auditPageAction },
} as unknown as Record<"transactions" | "reconcile" | "audit", Page>;

export type PageName = keyof typeof PAGES;
export const ROLES = { owner: "owner", staff: "staff", staff2: "staff", support: "support" } as const;
export type Who = keyof typeof ROLES;

const PASSWORD = "saved-views-password-0123";

/** A form as the bar sends it (application/x-www-form-urlencoded). */
export const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export function pagesOf(app: RouteHarness) {
  const members = new Map<Who, { client: Client; id: string }>();
  const as = async (who: Who) => {
    if (!members.has(who)) {
      const id = await app.addMember(`${who}@saved-views.test`, ROLES[who], PASSWORD);
      members.set(who, { id, client: (await app.signIn(`${who}@saved-views.test`, PASSWORD)).client });
    }
    return members.get(who)!;
  };
  const request = (client: Client, headers: Record<string, string> = {}, query: PageRequest["query"] = {}): PageRequest => {
    const h = new Headers({ host: new URL(app.origin()).host, ...headers });
    h.set("cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    return { headers: h, query };
  };
  const same = () => ({ origin: app.origin(), "sec-fetch-site": "same-origin" });
  return {
    as,
    /** The page as `who` opens it with this query. */
    open: async (who: Who, page: PageName, query: PageRequest["query"] = {}) => {
      const p = PAGES[page];
      return staffPage(request((await as(who)).client, {}, query), p.permission, p.path, (ctx) => p.view(ctx, query));
    },
    /** One of the bar's forms, sent from this site (or with `headers`); `form` null: a body too long to read. */
    send: async (who: Who, page: PageName, form: string | null, headers?: Record<string, string>) => {
      const p = PAGES[page];
      return staffAction(request((await as(who)).client, headers ?? same()), p.permission, p.path, (ctx) =>
        p.act(ctx, form === null ? null : new URLSearchParams(form), `${app.origin()}${p.path}`),
      );
    },
    rows: () => app.db().select().from(savedViews).orderBy(savedViews.createdAt, savedViews.name),
    audited: (action: string) => app.db().select().from(auditEvents).where(eq(auditEvents.action, action)),
  };
}

/** The page's view, or why there is none. */
export function shown(answer: StaffAnswer<Shown>): Shown {
  if (answer.kind !== "page" || !answer.view) throw new Error(`expected the page, got ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.view;
}

export const barOf = (answer: StaffAnswer<Shown>): ViewsBar => shown(answer).views;
