// The "Views" bar's forms, sent to the page (POST, from this site only): save the page's filters
// under a name (an owner may share it with the team), or delete a view. Only the page's own
// filters are kept, read by the page's own filter schema: a value that does not parse is sent back
// naming the field, and nothing is kept. Then back to the page (303), or the page again with what
// to fix (400) or why it could not be done (409); a form this member may not send is refused (403).
import "server-only";
import type { Asker } from "@/lib/access/types";
import { assertSameOrigin } from "@/lib/http/origin";
import type { SentBack } from "./bar";
import { type ViewsPage, hrefOf } from "./page";
import { deleteView, insertView } from "./queries";
import { viewIdSchema, viewNameSchema } from "./schema";
import { MAX_VIEWS_PER_PAGE } from "./types";

/** Where to go, why it was refused, or the page to show again: with `params` (its filters) and what the bar says. */
export type ViewsOutcome = { to: string } | { refused: string } | { status: 400 | 409; params: URLSearchParams; sent: SentBack };

const TOO_LONG = "The form was too long to read. Nothing was saved.";
const OWNERS_SHARE = "Only an owner may share a view with the team.";

/** `form`: null when the body was too long to read (lib/layout/request.ts formOf). `url`: the page's own. */
export async function viewsAction(ctx: Asker, spec: ViewsPage, form: URLSearchParams | null, url: string): Promise<ViewsOutcome> {
  try {
    assertSameOrigin(new Request(url, { method: "POST", headers: ctx.caller.headers }));
  } catch (error) {
    return { refused: (error as Error).message };
  }
  if (form === null) return { status: 400, params: new URLSearchParams(), sent: { save: { name: "", shared: false, error: TOO_LONG } } };
  // The page's address as the form carried it: what the page is shown with again, and where to go back.
  const params = new URLSearchParams((form.get("query") ?? "").replace(/^\?/, ""));
  const intent = form.get("intent");
  if (intent === "save") return save(ctx, spec, form, params);
  if (intent === "delete") return remove(ctx, spec, form, params);
  return { refused: "This page has no such form." };
}

async function save(ctx: Asker, spec: ViewsPage, form: URLSearchParams, params: URLSearchParams): Promise<ViewsOutcome> {
  const typed = form.get("name") ?? "";
  const shared = form.has("shared");
  // The checkbox is an owner's only: a form that says otherwise did not come from the page.
  if (shared && ctx.member.role !== "owner") return { refused: OWNERS_SHARE };
  const back = (status: 400 | 409, error: string): ViewsOutcome => ({ status, params, sent: { save: { name: typed, shared, error } } });
  const name = viewNameSchema.safeParse(typed);
  if (!name.success) return back(400, name.error.issues[0].message);
  const { query, problems } = spec.read(params);
  const [field] = Object.keys(problems);
  if (field) {
    const why = problems[field].replace(/\.$/, "");
    return back(400, `Not saved: ${spec.labels[field] ?? field}: ${why}. Fix the filter, or clear it, first.`);
  }
  const refusal = shared ? (spec.shareRefusal?.(query) ?? null) : null;
  if (refusal) return back(400, refusal);
  const made = await insertView(ctx, { page: spec.page, name: name.data, query: query.toString(), shared });
  if (made === "full")
    return back(409, `You keep ${MAX_VIEWS_PER_PAGE} views on this page, the most there may be. Delete one to save another.`);
  if (made === "taken") return back(409, `You already have a view named “${name.data}” on this page. Choose another name.`);
  return { to: hrefOf(spec.path, query.toString()) };
}

async function remove(ctx: Asker, spec: ViewsPage, form: URLSearchParams, params: URLSearchParams): Promise<ViewsOutcome> {
  const id = viewIdSchema.safeParse(form.get("id") ?? "");
  const done = id.success ? await deleteView(ctx, spec.page, id.data) : "none";
  if (done === "shared") return { refused: "Only an owner may delete a view shared with the team." };
  if (done === "none") return { status: 409, params, sent: { notice: "That view is not there any more: nothing was deleted." } };
  // Back to the page as it was, with only its filters (never an address the form made up).
  return { to: hrefOf(spec.path, spec.read(params).query.toString()) };
}
