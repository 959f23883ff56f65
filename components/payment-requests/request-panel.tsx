"use client";
// A pay link to share — its address, Copy, the phone's share sheet where there is one, a QR code
// to scan from a counter or a poster — and what the member may do with it: pause, resume, cancel.
import { useNavigation } from "@/components/ui/navigation";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { sendJson, HttpError } from "@/components/ui/fetch-json";
import type { PaymentRequestView, ShareTarget } from "@/lib/payment-requests/view";
import { type RequestControl, requestAmountText } from "@/lib/payment-requests/shape";
import { RequestShare } from "./request-share";
import { Card } from "@/components/ui/card";

/** `share`: the message and whom it may go to (lib/payment-requests/share-email.ts: shareTarget). */
export function RequestPanel({ request, url, share }: { request: PaymentRequestView; url: string; share: ShareTarget }) {
  const navigation = useNavigation();
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  // The share sheet exists on phones (and some desktops) only: its button is offered where it does.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  const open = request.status === "active" || request.status === "paused";

  const act = useAction({
    send: (action: RequestControl) =>
      sendJson<{ request: PaymentRequestView }>("POST", `/api/payment-requests/${request.id}/control`, { action }),
    onSuccess: (_, action) => {
      setError(null);
      toast(action === "pause" ? "The link is paused" : action === "resume" ? "The link takes payments again" : "The link is cancelled");
      navigation.refresh();
    },
    onError: (e) => setError(e instanceof HttpError ? e.message : "That did not reach the server. Try again."),
  });
  const run = (action: RequestControl) => act.mutateAsync(action).catch(() => {});

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast("Copied the pay link.");
    } catch {
      toast("The browser would not copy it: select the link and copy it by hand.");
    }
  }
  async function shareSheet() {
    try {
      await navigator.share({
        title: request.description,
        text: `${request.description}: ${requestAmountText(request.amount, request.currency)}`,
        url,
      });
    } catch {
      // Closed without sharing, or refused: nothing to say.
    }
  }
  const cancel = () =>
    confirm({
      title: "Cancel this pay link?",
      body: "Whoever opens it is told it was cancelled, and it takes no more payments. Payments already made keep their outcome.",
      confirmLabel: "Cancel the link",
      tone: "danger",
      onConfirm: () => act.mutateAsync("cancel"),
    });

  return (
    <Card aria-labelledby="request-share">
      {dialog}
      <h2 id="request-share" className="text-lg font-semibold">
        {open ? "Share the link" : "The link"}
      </h2>
      <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1 space-y-3">
          <label htmlFor="request-url" className="sr-only">
            Pay link
          </label>
          <input
            id="request-url"
            readOnly
            value={url}
            data-testid="request-url"
            className={`${inputClass} font-mono text-sm`}
            onFocus={(e) => e.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={copy}>
              Copy link
            </Button>
            {canShare ? (
              <Button type="button" variant="secondary" onClick={shareSheet}>
                Share…
              </Button>
            ) : null}
          </div>
          {request.status === "paused" ? (
            <p className="text-sm text-ink-muted">Paused: whoever opens the link is told to try again later.</p>
          ) : null}
        </div>
        {/* White under the code in both schemes: a scanner needs the contrast. */}
        <div className="self-center rounded-lg bg-white p-2 sm:self-start">
          <QRCodeSVG value={url} size={144} marginSize={1} title="QR code of the pay link" data-testid="request-qr" />
        </div>
      </div>
      {request.status === "active" ? <RequestShare id={request.id} url={url} target={share} /> : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
      {request.may.pause || request.may.resume || request.may.cancel ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
          {request.may.pause ? (
            <Button type="button" variant="secondary" disabled={act.isPending} onClick={() => run("pause")}>
              Pause
            </Button>
          ) : null}
          {request.may.resume ? (
            <Button type="button" disabled={act.isPending} onClick={() => run("resume")}>
              Resume
            </Button>
          ) : null}
          {request.may.cancel ? (
            <Button type="button" variant="danger" disabled={act.isPending} onClick={cancel}>
              Cancel…
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
