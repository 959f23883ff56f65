"use client";
// Where an endpoint stands: On, Off, or switched off for failing (saying so, with a way back on),
// its last attempt and what waits; switching it off asks first.
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { DateTime } from "@/components/ui/time-zone";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { groupDigits } from "@/lib/format";
import type { EndpointView } from "@/lib/webhooks/view";
import { AttemptBadge, EndpointStatusBadge } from "./endpoint-status-badge";
import { changeEndpoint } from "./webhooks-api";
import { Card } from "@/components/ui/card";

export type Confirm = ReturnType<typeof useConfirm>["confirm"];
type Props = { endpoint: EndpointView; onChanged: (e: EndpointView) => void; confirm: Confirm };

export function EndpointOverview({ endpoint: e, onChanged, confirm }: Props) {
  const toggle = useAction({
    send: (enabled: boolean) => changeEndpoint(e.id, { enabled }),
    onSuccess: (next, enabled) => {
      onChanged(next);
      toast(enabled ? "The endpoint is on: events are sent to it again" : "The endpoint is off: no events are sent to it");
    },
  });
  const switchOff = () => {
    toggle.reset();
    void confirm({
      title: "Switch this endpoint off?",
      body: "Events that happen while it is off are not sent to it, not even later. Deliveries already waiting are sent once it is back on.",
      confirmLabel: "Switch off",
      tone: "danger",
      onConfirm: () => toggle.mutateAsync(false),
    });
  };
  const switchOn = (label: string) => (
    <Button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate(true)}>
      {toggle.isPending ? "Switching on…" : label}
    </Button>
  );

  return (
    <Card aria-labelledby="endpoint-status">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="endpoint-status" className="text-lg font-semibold">
          Status
        </h2>
        <EndpointStatusBadge status={e.status} />
      </div>
      {e.status === "failing" ? (
        <div className="mt-3 space-y-3 rounded-lg border border-status-failed/30 bg-status-failed-bg p-4 text-sm text-status-failed">
          <p data-testid="failing-notice">
            Switched off
            {e.disabledAt ? (
              <>
                {" "}
                on <DateTime iso={e.disabledAt} />
              </>
            ) : null}{" "}
            because every attempt to deliver an event failed, for the whole retry schedule. Nothing is sent to it now. Fix your receiver,
            switch it back on, and resend what it missed from the log below.
          </p>
          {switchOn("Switch back on")}
        </div>
      ) : e.status === "off" ? (
        <div className="mt-3 space-y-3 text-sm">
          <p>
            Switched off
            {e.disabledAt ? (
              <>
                {" "}
                on <DateTime iso={e.disabledAt} />
              </>
            ) : null}
            : events are not sent to it.
          </p>
          {switchOn("Switch on")}
        </div>
      ) : (
        <div className="mt-3 space-y-3 text-sm">
          <p>On: the events it listens for are sent to it as they happen.</p>
          <Button type="button" variant="secondary" disabled={toggle.isPending} onClick={switchOff}>
            Switch off…
          </Button>
        </div>
      )}
      {toggle.isError ? (
        <div className="mt-3">
          <FormAlert>{toggle.error.message}</FormAlert>
        </div>
      ) : null}
      <dl className="mt-4 grid gap-x-6 gap-y-3 border-t border-line pt-4 text-sm sm:grid-cols-2" data-testid="endpoint-details">
        <Item label="Address">
          <span className="font-mono break-all">{e.url}</span>
        </Item>
        <Item label="Added">
          <DateTime iso={e.createdAt} />
        </Item>
        <Item label="Last attempt">
          {e.lastAttempt ? (
            <span className="flex flex-wrap items-center gap-2">
              <AttemptBadge ok={e.lastAttempt.ok} statusCode={e.lastAttempt.statusCode} />
              <DateTime iso={e.lastAttempt.at} />
            </span>
          ) : (
            "None yet"
          )}
        </Item>
        <Item label="Deliveries">
          <span data-testid="endpoint-counts">
            {groupDigits(e.pending)} waiting · {groupDigits(e.failed)} failed
          </span>
        </Item>
      </dl>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
