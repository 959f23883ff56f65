"use client";
// A key just made: the key and its signing secret, shown this once, and how a shop uses each.
import { useEffect, useRef } from "react";
import { CopyField } from "@/components/ui/copy-field";
import type { ApiKeyShown } from "@/lib/api-keys/view";

export function KeyShown({ shown }: { shown: ApiKeyShown }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown after the press: the reader is taken to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="api-key-heading"
      data-testid="api-key-shown"
      className="space-y-3 rounded-lg border border-line bg-brand-50 p-4"
    >
      <h3 id="api-key-heading" ref={heading} tabIndex={-1} className="font-semibold">
        “{shown.key.name}”: copy the key and its signing secret now
      </h3>
      <p className="text-sm text-ink">
        Both are shown only this once. Keep them in your system's secret settings, never in a web page, an app or a repository. Lost the
        key? Revoke it and make another.
      </p>
      <CopyField id="api-key-secret" label="API key" value={shown.secret} what="API key" spellCheck={false} />
      <p className="text-sm text-ink">
        Send it as <code className="font-mono">Authorization: Bearer …</code> to <code className="font-mono">/api/v1/</code>. It works only
        there, and only while the dashboard runs {shown.key.mode.toUpperCase()}.
      </p>
      <CopyField id="api-key-signing-secret" label="Signing secret" value={shown.signingSecret} what="signing secret" spellCheck={false} />
      <p className="text-sm text-ink">
        When a customer comes back from a pay link this key made, the address carries a signature made with this secret: check it with the{" "}
        <code className="font-mono">standardwebhooks</code> package, as a webhook (the API reference shows how).
      </p>
    </section>
  );
}
