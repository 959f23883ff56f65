// The sandbox's test numbers beside the charge form, in TEST mode only: what each one does, and
// one click puts it in the form (the network then picks itself from the prefix, as when typed).
import { formatPhone } from "@/lib/market/networks";
import type { TestNumbersSource } from "@/lib/charges/types";
import { OTHER_NUMBERS_SUMMARY, TEST_NUMBERS, type TestNumber } from "@/lib/market/test-numbers";

const ENDS_CLASS: Record<TestNumber["ends"], string> = {
  success: "text-status-success",
  failed: "text-status-failed",
  unknown: "text-status-unknown",
  pending: "text-status-pending",
};

export function TestNumbers({ source, current, onPick }: { source: TestNumbersSource; current: string; onPick: (phone: string) => void }) {
  return (
    <aside aria-labelledby="test-numbers-title" className="text-sm">
      <h2 id="test-numbers-title" className="font-semibold text-ink">
        Test numbers
      </h2>
      <p className="mt-1 text-xs text-ink-muted">
        {source === "sandbox"
          ? "TEST mode: no real money moves. The sandbox answers these numbers as shown; pick one to fill it in."
          : "TEST mode. These are the bundled sandbox's numbers: your test upstream may answer them differently."}
      </p>
      <ul className="mt-3 space-y-1">
        {TEST_NUMBERS.map((t) => (
          <li key={t.phone}>
            <button
              type="button"
              onClick={() => onPick(t.phone)}
              className={`w-full rounded-lg px-2.5 py-1.5 text-left hover:bg-canvas focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200 ${
                current === t.phone ? "bg-brand-50" : ""
              }`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-mono tabular-nums text-link">{formatPhone(t.phone)}</span>
                <span className={`text-xs font-semibold ${ENDS_CLASS[t.ends]}`}>{t.outcome}</span>
              </span>
              <span className="block text-xs text-ink-muted">{t.note}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2 px-2.5 text-xs text-ink-muted">Any other valid number: {OTHER_NUMBERS_SUMMARY.toLowerCase()}.</p>
    </aside>
  );
}
