"use client";
// Sending a pay link where customers are: the message (the business, the amount, what it is for,
// the link) to edit first, then WhatsApp or the phone's messages opened with it, to the customer's
// number when the link was made for one, or an email to them when the dashboard sends email.
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { fieldMessage, HttpError, sendJson } from "@/components/ui/fetch-json";
import { SHARE_LINK_MISSING, SHARE_MESSAGE_MAX, smsHref, whatsappHref } from "@/lib/payment-requests/shape";
import type { ShareTarget } from "@/lib/payment-requests/view";

export function RequestShare({ id, url, target }: { id: string; url: string; target: ShareTarget }) {
  const ids = useId();
  const [message, setMessage] = useState(target.message);
  const [emailError, setEmailError] = useState<string | null>(null);
  const text = message.trim();
  // The link must stay in the message: without it, the customer has nothing to pay from.
  const problem = !text ? "Write the message" : !text.includes(url) ? SHARE_LINK_MISSING : undefined;

  const email = useAction({
    send: () => sendJson<{ sent: true; to: string }>("POST", `/api/payment-requests/${id}/email`, { message: text }),
    onSuccess: ({ to }) => {
      setEmailError(null);
      toast(`Emailed the link to ${to}.`);
    },
    onError: (e) =>
      setEmailError(e instanceof HttpError ? (fieldMessage(e, "message") ?? e.message) : "That did not reach the server. Try again."),
  });

  return (
    <div className="space-y-3 border-t border-line pt-4" data-testid="request-share">
      <h3 className="text-base font-semibold">Send it to the customer</h3>
      <Field id={`${ids}-message`} label="Message" hint="Change it as you like; keep the link in it." error={problem}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={SHARE_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        {problem ? null : (
          <>
            <a href={whatsappHref(text, target.phone)} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
              WhatsApp
            </a>
            <a href={smsHref(text, target.phone)} className={buttonClass("secondary")}>
              SMS
            </a>
          </>
        )}
        {target.emailTo ? (
          <Button
            type="button"
            variant="secondary"
            disabled={!!problem || email.isPending}
            aria-disabled={email.isPending}
            onClick={() => email.mutate()}
          >
            {email.isPending ? "Sending…" : `Email to ${target.emailTo}`}
          </Button>
        ) : null}
      </div>
      {emailError ? <FormAlert>{emailError}</FormAlert> : null}
    </div>
  );
}
