// What the audit page says of its hash chain: verified up to the newest entry (with the head
// hash an auditor can note for `npm run audit:verify -- --expect-head`), or an alarm naming the
// first entry that breaks it; and whether the entries are signed as well as chained.
import { DateTime } from "@/components/ui/date-time";

/** `signedBy`: the signing key's id, or null when only hashes were checked; `chainedOnly`: entries from before signing. */
type Signatures = { signedBy: string | null; chainedOnly: number; firstSignedId: number };

export type ChainCaption = Signatures &
  (
    | { ok: true; checked: number; head: { id: number; hash: string; at: string } | null; checkedAt: string }
    | { ok: false; message: string; verifiedUpTo: { id: number; at: string } | null; checkedAt: string }
  );

/** What the signatures add, in words: nothing to hide when some entries are only hash-chained. */
function SignatureNote({ chain }: { chain: Signatures }) {
  if (!chain.signedBy)
    return (
      <p className="mt-1 text-sm text-ink-muted">
        No signing key is set: entries are only hash-chained, so an entry inserted directly into the database would not be told apart.
      </p>
    );
  return (
    <p className="mt-1 text-sm text-ink-muted">
      Each entry is signed with the audit signing key (id <code className="text-xs">{chain.signedBy}</code>), which the database does not
      hold.
      {chain.chainedOnly > 0
        ? ` ${chain.chainedOnly.toLocaleString("en")} ${chain.chainedOnly === 1 ? "entry" : "entries"} before #${chain.firstSignedId} ${chain.chainedOnly === 1 ? "was" : "were"} written before entries were signed: only hash-chained.`
        : ""}
    </p>
  );
}

export function AuditChainCaption({ chain, zone }: { chain: ChainCaption; zone: string }) {
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
              Verified up to entry #{chain.verifiedUpTo.id}, <DateTime zone={zone} iso={chain.verifiedUpTo.at} />.
            </>
          ) : (
            "No entry before the break verifies."
          )}{" "}
          Checked <DateTime zone={zone} iso={chain.checkedAt} />.
        </p>
        <SignatureNote chain={chain} />
      </div>
    );
  return (
    <div data-testid="audit-chain" className="mb-4">
      <p className="text-sm text-ink-muted">
        {chain.head ? (
          <>
            <span className="font-medium text-status-success">✓ Chain verified up to </span>
            <DateTime zone={zone} iso={chain.head.at} className="font-medium text-status-success" /> ({chain.checked.toLocaleString("en")}{" "}
            {chain.checked === 1 ? "entry" : "entries"}, checked <DateTime zone={zone} iso={chain.checkedAt} />
            ). Head hash <code className="break-all text-xs">{chain.head.hash}</code>
          </>
        ) : (
          "The log is empty: nothing to verify yet."
        )}
      </p>
      <SignatureNote chain={chain} />
    </div>
  );
}
