// The "Views" bar of a list page (Transactions, Reconcile, the audit log): the member's own views and
// the team's shared ones as links that apply them, "Save this view" with a name (an owner may share
// it), and Delete. Plain links and forms posted to the page itself (303 back), so it works with no
// JavaScript, as the page does (docs/decisions/saved-views.md).
import { buttonClass } from "@/components/ui/button-class";
import { filterInputClass } from "@/components/ui/filter-form";
import type { SavedViewLink, ViewsBar as Bar } from "@/lib/saved-views/types";
import { VIEW_NAME_MAX } from "@/lib/saved-views/types";

const chip =
  "tap inline-flex min-h-11 items-center rounded-full border border-line px-3 text-sm font-medium text-ink hover:bg-canvas " +
  "aria-[current]:border-brand-600 aria-[current]:bg-brand-50 aria-[current]:text-brand-700";

export function ViewsBar({ bar }: { bar: Bar }) {
  const { save } = bar;
  const hintId = `${bar.path.slice(1)}-view-name-hint`;
  return (
    <section aria-labelledby="saved-views-title" data-testid="views-bar" className="mb-4 rounded-lg border border-line bg-surface p-4">
      <h2 id="saved-views-title" className="text-sm font-semibold">
        Views
      </h2>
      {bar.notice ? (
        <p role="alert" className="mt-2 text-sm font-medium text-status-failed">
          {bar.notice}
        </p>
      ) : null}
      <ViewList title="Your views" empty="None yet: filter the list, then save it here." views={bar.mine} bar={bar} />
      {bar.team.length ? <ViewList title="Team views" views={bar.team} bar={bar} /> : null}
      {bar.full ? (
        <p className="mt-3 text-sm text-ink-muted">
          You keep {bar.limit} views on this page, the most there may be: delete one to save another.
        </p>
      ) : (
        <details open={!!save.error} className="mt-3">
          <summary className="tap inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-link">Save this view</summary>
          <form method="post" action={bar.path} className="mt-2 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="query" value={bar.query} />
            <label className="min-w-0 flex-1 basis-56 text-sm font-medium">
              Name
              <input
                name="name"
                type="text"
                required
                maxLength={VIEW_NAME_MAX}
                autoComplete="off"
                defaultValue={save.name}
                aria-invalid={save.error ? true : undefined}
                aria-describedby={hintId}
                className={`${filterInputClass} mt-1`}
              />
            </label>
            {bar.canShare ? (
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="shared" value="1" defaultChecked={save.shared} className="h-5 w-5" />
                Share with the team
              </label>
            ) : null}
            <button type="submit" className={buttonClass("secondary")}>
              Save this view
            </button>
            <p
              id={hintId}
              role={save.error ? "alert" : undefined}
              className={`basis-full text-xs ${save.error ? "font-medium text-status-failed" : "text-ink-muted"}`}
            >
              {save.error ??
                `The filters shown now, under a name of up to ${VIEW_NAME_MAX} characters; at most ${bar.limit} views on this page.`}
            </p>
          </form>
        </details>
      )}
    </section>
  );
}

function ViewList({ title, empty, views, bar }: { title: string; empty?: string; views: SavedViewLink[]; bar: Bar }) {
  return (
    <div className="mt-2">
      <h3 className="text-xs font-medium uppercase tracking-wide text-ink-muted">{title}</h3>
      {views.length ? (
        <ul aria-label={title} className="mt-1 flex flex-wrap gap-2">
          {views.map((v) => (
            <li key={v.id} className="flex items-center gap-1" data-testid="saved-view">
              <a href={v.href} aria-current={v.current ? "true" : undefined} className={chip}>
                {v.name}
                {v.by ? <span className="ml-1 font-normal text-ink-muted">· by {v.by}</span> : null}
              </a>
              {v.canDelete ? (
                <form method="post" action={bar.path}>
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={v.id} />
                  <input type="hidden" name="query" value={bar.query} />
                  <button
                    type="submit"
                    className="tap inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-ink-muted hover:bg-canvas hover:text-status-failed"
                  >
                    <span aria-hidden>×</span>
                    <span className="sr-only">Delete the view {v.name}</span>
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : empty ? (
        <p className="mt-1 text-sm text-ink-muted">{empty}</p>
      ) : null}
    </div>
  );
}
