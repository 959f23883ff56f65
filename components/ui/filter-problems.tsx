/** Filters from the URL that did not parse: each named with why, and left out of the list. */
export function FilterProblems({ problems, labels = {} }: { problems: Record<string, string>; labels?: Record<string, string> }) {
  const entries = Object.entries(problems);
  if (!entries.length) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-status-pending/30 bg-status-pending-bg px-4 py-3 text-sm text-status-pending"
    >
      <p className="font-semibold">Some filters were not applied:</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map(([k, m]) => (
          <li key={k}>
            {labels[k] ?? k}: {m}
          </li>
        ))}
      </ul>
    </div>
  );
}
