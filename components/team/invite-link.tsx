"use client";
// A new invite's link, shown once: only its digest is stored, so it cannot be shown again.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { DateTime } from "@/components/ui/time-zone";

/** emailed: true, the link also went to them by email; false, that email failed; null or absent, email is off. */
export function InviteLink({
  path,
  expiresAt,
  name,
  emailed = null,
}: {
  path: string;
  expiresAt: string;
  name: string;
  emailed?: boolean | null;
}) {
  const [url, setUrl] = useState(path);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The address the owner is using, so the link works for whoever opens it the same way.
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no"); // no clipboard (a plain-http address): the text is selected to copy by hand
    }
  }

  return (
    <div role="status" data-testid="invite-link" className="space-y-3 rounded-lg border border-line bg-brand-50 p-4">
      <p className="text-sm text-ink">
        Invite link for <strong>{name}</strong>. Copy it now and send it to them privately: it is shown only once, works once, and expires{" "}
        <DateTime iso={expiresAt} />.
      </p>
      {emailed === true ? (
        <p className="text-sm text-ink" data-testid="invite-emailed">
          We also emailed it to them.
        </p>
      ) : emailed === false ? (
        <p className="text-sm text-status-failed" data-testid="invite-emailed">
          The email to them could not be sent: copy the link and send it yourself.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="invite-url" className="sr-only">
          Invite link
        </label>
        <input
          id="invite-url"
          ref={input}
          readOnly
          value={url}
          className={`${inputClass} font-mono text-sm`}
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="secondary" onClick={copy} className="shrink-0">
          Copy link
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-ink-muted">
        {copied === "yes" ? "Copied." : copied === "no" ? "The browser would not copy it: the link is selected, copy it by hand." : ""}
      </p>
    </div>
  );
}
