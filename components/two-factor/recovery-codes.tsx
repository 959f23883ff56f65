"use client";
// The 10 recovery codes, shown once: listed, downloadable as a text file (made in the browser,
// never fetched again), and "I have saved them" before the member goes on.
import { Button } from "@/components/ui/button";
import { recoveryFileName } from "@/lib/two-factor/shape";

export function RecoveryCodes({
  codes,
  account,
  onSaved,
  savedLabel = "I have saved them",
}: {
  codes: string[];
  /** Whose codes (the member's email): the file says so, and when they were made. */
  account: string;
  onSaved: () => void;
  savedLabel?: string;
}) {
  const download = () => {
    const day = new Date().toISOString().slice(0, 10);
    const text = `Momo Dashboard recovery codes for ${account}, made ${day}\nEach code signs you in once, instead of your authenticator app.\n\n${codes.join("\n")}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = recoveryFileName(account, day);
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-muted">
        Keep these somewhere safe, away from your phone. Each works once if you lose your authenticator app. They are shown only now.
      </p>
      <ul
        data-testid="recovery-codes"
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-line bg-canvas p-4 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={download}>
          Download as text file
        </Button>
        <Button type="button" onClick={onSaved}>
          {savedLabel}
        </Button>
      </div>
    </div>
  );
}
