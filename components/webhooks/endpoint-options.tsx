"use client";
// Two of an endpoint's choices that matter most: whether its payloads carry customers' whole phone
// numbers (masked unless an owner says otherwise; each change is in the audit log), and deleting it.
// Each asks first when it gives more away or cannot be undone.
import { useNavigation } from "@/components/ui/navigation";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import type { EndpointView } from "@/lib/webhooks/view";
import type { Confirm } from "./endpoint-overview";
import { changeEndpoint, deleteEndpoint } from "./webhooks-api";

type Props = { endpoint: EndpointView; confirm: Confirm };

export function PhoneNumbers({ endpoint: e, onChanged, confirm }: Props & { onChanged: (e: EndpointView) => void }) {
  const save = useAction({
    send: (include: boolean) => changeEndpoint(e.id, { includePhoneNumber: include }),
    onSuccess: (next, include) => {
      onChanged(next);
      toast(include ? "Payloads now carry customers' whole phone numbers" : "Customers' phone numbers are masked again");
    },
  });
  const change = (include: boolean) => {
    save.reset();
    if (!include) return save.mutate(false);
    void confirm({
      title: "Send customers' whole phone numbers?",
      body: (
        <>
          <p>
            Every payload to <span className="font-mono break-all">{e.url}</span> will carry the customer's whole number instead of its
            mask. Your receiving system then holds your customers' personal data, and must protect it as you do.
          </p>
          <p>The change is recorded in the audit log under your name.</p>
        </>
      ),
      confirmLabel: "Include whole numbers",
      tone: "danger",
      onConfirm: () => save.mutateAsync(true),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Customers' phone numbers</h2>
      <p className="mt-1 text-sm text-ink-muted">
        By default a payload carries the customer's number masked, as <span className="whitespace-nowrap">024 ••• ••67</span>: enough to
        tell customers apart, not to call them.
      </p>
      <label className="mt-3 flex min-h-11 items-center gap-2 text-sm font-medium">
        {/* Stays at the saved choice until a change is confirmed and saved. */}
        <input
          type="checkbox"
          className="h-5 w-5 shrink-0"
          checked={e.includePhoneNumber}
          disabled={save.isPending}
          aria-describedby="phone-numbers-warning"
          onChange={(ev) => change(ev.target.checked)}
        />
        Include customers' whole phone numbers
      </label>
      <p id="phone-numbers-warning" className="mt-1 text-sm text-status-pending">
        {e.includePhoneNumber
          ? "On: whole numbers leave this dashboard with every delivery. Turn it off unless your system needs them."
          : "Whole numbers are personal data: include them only if your system needs them and keeps them safe. The change is audited."}
      </p>
      {save.isError ? (
        <div className="mt-3">
          <FormAlert>{save.error.message}</FormAlert>
        </div>
      ) : null}
    </Card>
  );
}

export function DeleteEndpoint({ endpoint: e, confirm }: Props) {
  const navigation = useNavigation();
  const remove = useAction({
    send: () => deleteEndpoint(e.id),
    onSuccess: () => {
      toast("The endpoint is deleted");
      navigation.go("/settings/webhooks");
    },
  });
  const ask = () => {
    remove.reset();
    void confirm({
      title: "Delete this endpoint?",
      body: (
        <p>
          Nothing more is sent to <span className="font-mono break-all">{e.url}</span>, and its delivery log is deleted with it. This cannot
          be undone.
        </p>
      ),
      confirmLabel: "Delete endpoint",
      tone: "danger",
      onConfirm: () => remove.mutateAsync(),
    });
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">Delete</h2>
      <p className="mt-1 mb-3 text-sm text-ink-muted">Stops every delivery to this endpoint and deletes its log.</p>
      <Button type="button" variant="danger" disabled={remove.isPending} onClick={ask}>
        Delete endpoint…
      </Button>
      {remove.isError ? (
        <div className="mt-3">
          <FormAlert>{remove.error.message}</FormAlert>
        </div>
      ) : null}
    </Card>
  );
}
