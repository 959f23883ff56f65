"use client";
// One endpoint: where it stands (kept current while deliveries wait), its delivery log, its
// settings, its signing secret and deletion. The endpoint's answer is shared through React Query: its
// polling, each control's answer and the log (which reloads when a newer attempt is seen) read it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import type { KeyMode } from "@/lib/market/key-mode";
import type { EndpointView, SecretShown } from "@/lib/webhooks/view";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm } from "./endpoint-form";
import { DeleteEndpoint, PhoneNumbers } from "./endpoint-options";
import { EndpointOverview } from "./endpoint-overview";
import { SecretRotation } from "./secret-rotation";
import { getEndpoint, type LogPage } from "./webhooks-api";

/** How often the endpoint is read again: often while deliveries wait, now and then while it is on. */
function pollEvery(e: EndpointView | undefined): number | false {
  if (e?.status !== "on") return false;
  return e.pending > 0 ? 2_000 : 10_000;
}

export function EndpointDetail({ initial, log, mode }: { initial: EndpointView; log: LogPage; mode: KeyMode }) {
  const navigation = useNavigation();
  const client = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const key = ["webhook", initial.id];
  const { data: endpoint } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getEndpoint(initial.id, signal),
    initialData: initial,
    refetchInterval: (q) => pollEvery(q.state.data),
  });
  const [rotated, setRotated] = useState<SecretShown | null>(null);

  /** A change saved: the shared answer takes it, and the server's parts of the page (the title) follow. */
  const changed = (next: EndpointView) => {
    client.setQueryData(key, next);
    navigation.refresh();
  };

  return (
    <div className="space-y-6">
      {dialog}
      <EndpointOverview endpoint={endpoint} onChanged={changed} confirm={confirm} />
      <DeliveryLog endpoint={endpoint} initial={log} />
      <Card>
        <h2 className="mb-4 text-lg font-semibold">Address and events</h2>
        <EndpointForm
          key={endpoint.id}
          mode={mode}
          endpoint={endpoint}
          onSaved={(e) => {
            changed(e);
            toast("The endpoint's changes are saved");
          }}
        />
      </Card>
      <PhoneNumbers endpoint={endpoint} onChanged={changed} confirm={confirm} />
      <SecretRotation
        endpoint={endpoint}
        rotated={rotated}
        confirm={confirm}
        onRotated={(shown) => {
          setRotated(shown);
          changed(shown.endpoint);
        }}
      />
      <DeleteEndpoint endpoint={endpoint} confirm={confirm} />
    </div>
  );
}
