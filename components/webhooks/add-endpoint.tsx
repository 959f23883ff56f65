"use client";
// Adding an endpoint: the form, then its secret, shown once above it until the owner leaves the page.
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import { TextLink } from "@/components/ui/link";
import type { KeyMode } from "@/lib/market/key-mode";
import type { SecretShown } from "@/lib/webhooks/view";
import { EndpointForm } from "./endpoint-form";
import { SecretPanel } from "./secret-panel";

export function AddEndpoint({ mode }: { mode: KeyMode }) {
  const navigation = useNavigation();
  const [shown, setShown] = useState<SecretShown | null>(null);
  return (
    <div className="space-y-6">
      {shown ? (
        <SecretPanel key={shown.endpoint.id} secret={shown.secret}>
          <p className="text-sm">
            Added <span className="font-mono break-all">{shown.endpoint.url}</span>.{" "}
            <TextLink href={`/settings/webhooks/${shown.endpoint.id}`}>Open the endpoint</TextLink> to follow its deliveries.
          </p>
        </SecretPanel>
      ) : null}
      <EndpointForm
        mode={mode}
        onCreated={(s) => {
          setShown(s);
          navigation.refresh();
        }}
      />
    </div>
  );
}
