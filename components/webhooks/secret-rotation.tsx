"use client";
// Rotating an endpoint's signing secret: asked first; the new secret is shown once, and the old
// one keeps signing beside it for ROTATION_OVERLAP_HOURS so the receiver can be changed calmly.
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/time-zone";
import { useAction } from "@/components/ui/use-action";
import { ROTATION_OVERLAP_HOURS } from "@/lib/webhooks/shape";
import type { EndpointView, SecretShown } from "@/lib/webhooks/view";
import type { Confirm } from "./endpoint-overview";
import { SecretPanel } from "./secret-panel";
import { rotateSecret } from "./webhooks-api";

type Props = { endpoint: EndpointView; rotated: SecretShown | null; confirm: Confirm; onRotated: (shown: SecretShown) => void };

export function SecretRotation({ endpoint: e, rotated, confirm, onRotated }: Props) {
  const rotate = useAction({ send: () => rotateSecret(e.id), onSuccess: onRotated });
  const ask = () => {
    rotate.reset();
    void confirm({
      title: "Rotate the signing secret?",
      body: (
        <>
          <p>A new secret is made and shown to you once.</p>
          <p>
            For {ROTATION_OVERLAP_HOURS} hours each delivery is signed with both the new and the current secret, so your receiver keeps
            working while you give it the new one. After that, only the new one signs.
          </p>
        </>
      ),
      confirmLabel: "Rotate secret",
      onConfirm: () => rotate.mutateAsync(),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Signing secret</h2>
      <p className="mt-1 mb-3 text-sm text-ink-muted">
        Shown only when the endpoint was added or its secret rotated. Rotate it if it may have leaked, or if it was lost.
      </p>
      {e.previousSecretUntil && !rotated ? (
        <p className="mb-3 text-sm" data-testid="rotation-overlap">
          The previous secret also signs until <DateTime iso={e.previousSecretUntil} />.
        </p>
      ) : null}
      {rotated ? (
        <div className="mb-4">
          <SecretPanel key={rotated.secret} secret={rotated.secret} previousUntil={rotated.endpoint.previousSecretUntil} />
        </div>
      ) : null}
      <Button type="button" variant="secondary" disabled={rotate.isPending} onClick={ask}>
        Rotate secret…
      </Button>
      {rotate.isError ? (
        <div className="mt-3">
          <FormAlert>{rotate.error.message}</FormAlert>
        </div>
      ) : null}
    </Card>
  );
}
