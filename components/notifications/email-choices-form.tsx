"use client";
// Which notifications also come by email, and how: right away, in one daily digest, or not at
// all; one choice per kind the member's role gets. Each change is saved as it is made.
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { sendJson, HttpError } from "@/components/ui/fetch-json";
import { EMAIL_CHOICES, type EmailChoice, type NotificationKind } from "@/lib/notifications/shape";

export type EmailChoiceRow = { kind: NotificationKind; label: string; choice: EmailChoice };

export function EmailChoicesForm({ initial, emailOn, digestHour }: { initial: EmailChoiceRow[]; emailOn: boolean; digestHour: number }) {
  const [rows, setRows] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function choose(kind: NotificationKind, choice: EmailChoice) {
    const before = rows;
    setRows((r) => r.map((x) => (x.kind === kind ? { ...x, choice } : x)));
    try {
      const saved = await sendJson<{ choices: EmailChoiceRow[] }>("PUT", "/api/profile/notifications", { email: { [kind]: choice } });
      setRows(saved.choices);
      setError(null);
      toast("Email choice saved.");
    } catch (failure) {
      setRows(before);
      setError(failure instanceof HttpError ? failure.message : "The choice was not saved. Try again.");
    }
  }

  return (
    <div className="space-y-3">
      {emailOn ? null : (
        <p className="rounded-lg border border-line bg-canvas p-3 text-sm text-ink-muted" data-testid="email-off">
          Email is off on this dashboard, so nothing is sent for now. Your choices are kept for when an administrator sets it up (SMTP_URL).
        </p>
      )}
      <p className="text-sm text-ink-muted">
        The daily digest goes at {String(digestHour).padStart(2, "0")}:00, in the business's time zone, when something waited for it.
      </p>
      <ul className="divide-y divide-line">
        {rows.map((r) => (
          <li key={r.kind} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <label htmlFor={`email-${r.kind}`} className="text-sm text-ink">
              {r.label}
            </label>
            <select
              id={`email-${r.kind}`}
              value={r.choice}
              onChange={(e) => choose(r.kind, e.target.value as EmailChoice)}
              className="min-h-11 rounded-lg border border-line bg-surface px-3 text-sm text-ink sm:w-44"
            >
              {EMAIL_CHOICES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-status-failed">
          {error}
        </p>
      ) : null}
    </div>
  );
}
