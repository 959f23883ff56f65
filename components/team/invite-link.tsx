"use client";
// A new invite's link, shown once: only its digest is stored, so it cannot be shown again.
import { useEffect, useState } from "react";
import { CopyField } from "@/components/ui/copy-field";
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
  // The address the owner is using, so the link works for whoever opens it the same way.
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);

  return (
    <div role="status" data-testid="invite-link" className="space-y-3 rounded-lg border border-line bg-brand-50 p-4">
      <p className="text-sm text-ink">
        Invite link for <strong>{name}</strong>.{" "}
        {emailed === true
          ? "It is on its way to them by email; should you send it another way too, send it privately:"
          : "Copy it now and send it to them privately:"}{" "}
        it is shown only once, works once, and expires <DateTime iso={expiresAt} />.
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
      <CopyField id="invite-url" label="Invite link" value={url} what="link" />
    </div>
  );
}
