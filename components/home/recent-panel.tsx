// "Recent": the latest charges and the latest attempts to pay a pay link, in the history's table
// (each number as the member may see it), with the way to the whole list.
import { ChargesTable } from "@/components/history/charges-table";
import { textLinkClass } from "@/components/ui/link-class";
import type { HomeView } from "@/lib/home/types";

export function RecentPanel({ view: v }: { view: HomeView }) {
  const { charges, payments, customers } = v.recent;
  return (
    <section aria-labelledby="recent-title" className="space-y-5" data-testid="home-recent">
      <h2 id="recent-title" className="sr-only">
        Recent
      </h2>
      <List title="Latest charges" testId="recent-charges" all={{ href: "/transactions", label: "Every charge" }} empty="No charge yet.">
        {charges.length ? (
          <ChargesTable charges={charges} customers={customers} timeZone={v.timeZone} caption="Latest charges, newest first" />
        ) : null}
      </List>
      <List
        title="Latest from pay links"
        testId="recent-payments"
        all={{ href: "/pay-links", label: "Every pay link" }}
        empty="No one has paid from a pay link yet."
      >
        {payments.length ? (
          <ChargesTable
            charges={payments}
            customers={customers}
            timeZone={v.timeZone}
            caption="Latest attempts to pay a pay link, newest first"
          />
        ) : null}
      </List>
    </section>
  );
}

function List({
  title,
  testId,
  all,
  empty,
  children,
}: {
  title: string;
  testId: string;
  all: { href: string; label: string };
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 className="text-base font-semibold">{title}</h3>
        <a href={all.href} className={textLinkClass({ tap: true, className: "text-sm" })}>
          {all.label}
        </a>
      </div>
      {children ?? <p className="text-sm text-ink-muted">{empty}</p>}
    </div>
  );
}
