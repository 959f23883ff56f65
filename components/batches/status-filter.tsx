// The Bulk charges list's status filter: links (the page runs no script), the current one marked.
import { textLinkClass } from "@/components/ui/link-class";
import { BATCH_STATUS_LABELS, type BatchStatusName } from "@/lib/batches/view";

const SHOWN: (BatchStatusName | null)[] = [null, "awaiting_approval", "running", "paused", "completed", "rejected", "cancelled"];

export function BatchStatusFilter({ status }: { status: BatchStatusName | null }) {
  return (
    <nav aria-label="Show batches by status" className="mb-4" data-testid="batch-status-filter">
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {SHOWN.map((s) => (
          <li key={s ?? "all"}>
            <a
              href={s ? `/batches?status=${s}` : "/batches"}
              aria-current={s === status ? "page" : undefined}
              className={textLinkClass({
                tap: true,
                className: "aria-[current=page]:font-semibold aria-[current=page]:text-ink aria-[current=page]:no-underline",
              })}
            >
              {s ? BATCH_STATUS_LABELS[s] : "Every batch"}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
