// "Waiting for you": each thing the member's role may settle, as a count that opens the page
// showing them. Nothing waiting is said in words, not left as an empty box.
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/link-class";
import type { WaitingItem } from "@/lib/home/types";

export function WaitingPanel({ items }: { items: WaitingItem[] }) {
  return (
    <Card aria-labelledby="waiting-title" data-testid="home-waiting">
      <h2 id="waiting-title" className="text-lg font-semibold">
        Waiting for you
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted" data-testid="waiting-none">
          Nothing is waiting for you.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {items.map((i) => (
            <li key={i.key} data-testid={`waiting-${i.key}`}>
              <a href={i.href} className={textLinkClass({ tap: true, className: "flex items-center justify-between gap-3 py-2.5" })}>
                <span>{i.label}</span>
                <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
