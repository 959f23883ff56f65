"use client";
// A signing secret, shown once (only the answer that made or rotated it carries it), with how a
// receiver checks each delivery against it.
import { type ReactNode, useEffect, useRef } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { DateTime } from "@/components/ui/time-zone";

type Props = {
  secret: string;
  /** After a rotation: until when the previous secret also signs. */
  previousUntil?: string | null;
  children?: ReactNode;
};

export function SecretPanel({ secret, previousUntil, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown after a press elsewhere (Add endpoint, Rotate): the reader is taken to it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section
      aria-labelledby="secret-heading"
      data-testid="secret-panel"
      className="space-y-3 rounded-lg border border-line bg-brand-50 p-4"
    >
      <h3 id="secret-heading" ref={heading} tabIndex={-1} className="font-semibold">
        Signing secret: copy it now
      </h3>
      <p className="text-sm text-ink">
        This secret is shown only this once: it will not be shown again. Keep it with your receiver, which uses it to check that each
        delivery comes from this dashboard. Lost it? Rotate the endpoint's secret.
      </p>
      {previousUntil ? (
        <p className="text-sm text-ink" data-testid="secret-overlap">
          Until <DateTime iso={previousUntil} />, each delivery is signed with the previous secret too, so your receiver keeps working while
          you change it.
        </p>
      ) : null}
      <CopyField id="signing-secret" label="Signing secret" value={secret} what="secret" spellCheck={false} />
      <VerifyHelp />
      {children}
    </section>
  );
}

/** How a receiver checks a delivery (Standard Webhooks). */
function VerifyHelp() {
  return (
    <div className="space-y-2 text-sm text-ink">
      <h4 className="font-semibold">How your receiver checks a delivery</h4>
      <p>
        Each delivery is a POST with a JSON body and the Standard Webhooks headers: <code className="font-mono">webhook-id</code> (the
        event's id, the same on every retry: use it to skip repeats), <code className="font-mono">webhook-timestamp</code> and{" "}
        <code className="font-mono">webhook-signature</code> (two signatures for a day after a rotation: either one proves it). The{" "}
        <code className="font-mono">standardwebhooks</code> npm package checks them, on the body exactly as it arrived:
      </p>
      <pre className="whitespace-pre-wrap break-all rounded-lg border border-line bg-surface p-3 font-mono text-xs">
        {`import { Webhook } from "standardwebhooks";

// Throws unless the signature and the time are right.
const event = new Webhook(secret).verify(rawBody, request.headers);`}
      </pre>
      <p>Answer with a 2xx status within 10 seconds; anything else is tried again later.</p>
    </div>
  );
}
