// What the audit page says of its hash chain: verified up to the newest entry (with the head
// hash an auditor can note for `npm run audit:verify -- --expect-head`), or an alarm naming the
// first entry that breaks it.
import { DateTime } from "./time-zone";

export type ChainCaption =
  | { ok: true; checked: number; head: { id: number; hash: string; at: string } | null; checkedAt: string }
  | { ok: false; message: string; verifiedUpTo: { id: number; at: string } | null; checkedAt: string };

export function AuditChainCaption({ chain }: { chain: ChainCaption }) {
  if (!chain.ok)
    return (
      <div
        role="alert"
        data-testid="audit-chain"
        className="mb-4 rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed"
      >
        <p className="font-semibold">The audit chain is broken.</p>
        <p className="mt-1 break-words">{chain.message}</p>
        <p className="mt-1">
          {chain.verifiedUpTo ? (
            <>
              Verified up to entry #{chain.verifiedUpTo.id}, <DateTime iso={chain.verifiedUpTo.at} />.
            </>
          ) : (
            "No entry before the break verifies."
          )}{" "}
          Checked <DateTime iso={chain.checkedAt} />.
        </p>
      </div>
    );
  return (
    <p data-testid="audit-chain" className="mb-4 text-sm text-ink-muted">
      {chain.head ? (
        <>
          <span className="font-medium text-status-success">✓ Chain verified up to </span>
          <DateTime iso={chain.head.at} className="font-medium text-status-success" /> ({chain.checked.toLocaleString("en")}{" "}
          {chain.checked === 1 ? "entry" : "entries"}, checked <DateTime iso={chain.checkedAt} />
          ). Head hash <code className="break-all text-xs">{chain.head.hash}</code>
        </>
      ) : (
        "The log is empty: nothing to verify yet."
      )}
    </p>
  );
}
