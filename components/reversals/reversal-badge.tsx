// Beside a successful charge's status: whether money has been given back, all of it or part.
export function reversalState(c: { amountMinor: number; reversedMinor: number }): "reversed" | "partly_reversed" | null {
  if (c.reversedMinor <= 0) return null;
  return c.reversedMinor >= c.amountMinor ? "reversed" : "partly_reversed";
}

export function ReversalBadge({ charge }: { charge: { amountMinor: number; reversedMinor: number } }) {
  const state = reversalState(charge);
  if (!state) return null;
  return (
    <span data-testid="reversal-badge" className="badge bg-status-unknown-bg text-status-unknown">
      {state === "reversed" ? "Reversed" : "Partly reversed"}
    </span>
  );
}
