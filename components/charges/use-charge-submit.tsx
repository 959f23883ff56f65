"use client";
// Sending the charge form: one idempotency key per attempt, so a double click or a resend
// after a dropped connection charges once.
import { useAction } from "@/components/ui/use-action";
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { ChargeFormValues, ChargeInput } from "@/lib/charges/schema";
import type { ChargeView } from "@/lib/charges/view";
import { fieldMessage, HttpError, sendJson } from "@/components/ui/fetch-json";
import { applyFieldErrors } from "@/components/ui/field-errors";
import { newIdempotencyKey } from "@/lib/idempotency-key";
import { providerById } from "@/lib/market/networks";
import { JUST_CHARGED } from "./charge-result-focus";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { textLinkClass } from "@/components/ui/link-class";
import { useNavigation } from "@/components/ui/navigation";

/** After this long without an answer, the form says the network is slow and that the charge is safe. */
const SLOW_AFTER_MS = 3_000;

/** `customerId`: a charge to a customer of the directory; the server charges their stored number. */
export function useChargeSubmit(form: UseFormReturn<ChargeFormValues, unknown, ChargeInput>, customerId?: string) {
  const navigation = useNavigation();
  const { watch, setError, getValues } = form;
  const keyRef = useRef<string>("");
  const inFlight = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);

  // A change to any value makes it a new attempt with a new key.
  useEffect(() => {
    keyRef.current = newIdempotencyKey();
    const sub = watch(() => {
      keyRef.current = newIdempotencyKey();
    });
    return () => sub.unsubscribe();
  }, [watch]);
  // So does another customer: two masked customers share the form's stand-in number.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows the customer.
  useEffect(() => {
    keyRef.current = newIdempotencyKey();
  }, [customerId]);

  const { confirm, dialog } = useConfirm();
  const mutation = useAction({
    send: ({ values, confirmDuplicate }: { values: ChargeFormValues; confirmDuplicate?: boolean }) =>
      sendJson<{ charge: ChargeView }>(
        "POST",
        "/api/charges",
        { ...values, ...(customerId ? { customerId } : {}), ...(confirmDuplicate ? { confirmDuplicate } : {}) },
        { headers: { "Idempotency-Key": keyRef.current } },
      ),
    onSuccess: ({ charge }) => {
      // The result view moves focus to its heading when it opens for the charge just made.
      sessionStorage.setItem(JUST_CHARGED, charge.id);
      navigation.go(`/transactions/${charge.id}`);
    },
    onError: (error, { values }) => {
      if (error instanceof HttpError && error.code === "possible_duplicate") {
        void askAgain(values, error);
        return;
      }
      inFlight.current = false;
      applyFieldErrors(error, setError);
      setFormError(
        error instanceof HttpError && error.status === 0
          ? `${error.message} If the charge was sent, pressing Charge again with the same details will not charge twice.`
          : error.message,
      );
    },
  });

  // The same attempt (same key) goes again only if the person says so; nothing was written.
  const askAgain = async (values: ChargeFormValues, error: HttpError) => {
    const again = await confirm({
      title: "Charge this number again?",
      body: <DuplicateNotice message={error.message} earlier={fieldMessage(error, "duplicateOf")} />,
      confirmLabel: "Charge again",
      // The risky choice is not the primary one; focus starts on Cancel, the safe one.
      tone: "danger",
    });
    if (again) return mutation.mutate({ values, confirmDuplicate: true });
    inFlight.current = false;
    setFormError("Not charged: this looked like a charge made a few minutes ago.");
  };

  const onValid = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setFormError(null);
    // The raw values go to the server, which parses them with this same schema. A voucher
    // typed for another network is not sent once the network no longer takes one.
    const values = getValues();
    mutation.mutate({ values: providerById(values.provider)?.voucher ? values : { ...values, vouchers: "" } });
  };

  // The server records the charge before it calls the upstream, so a slow answer is a wait, not a risk.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!mutation.isPending) return;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [mutation.isPending]);

  return { onValid, formError, busy: mutation.isPending || mutation.isSuccess, slow: slow && mutation.isPending, dialog };
}

/** What the duplicate question says: the server's words, and the earlier charge to look at first. */
function DuplicateNotice({ message, earlier }: { message: string; earlier?: string }) {
  return (
    <>
      <span className="block" data-testid="duplicate-message">
        {message}
      </span>
      {earlier ? (
        <a href={`/transactions/${earlier}`} target="_blank" rel="noopener" className={textLinkClass({ className: "mt-2 inline-block" })}>
          Open the earlier charge (new tab)
        </a>
      ) : null}
      <span className="mt-2 block">Charging again takes the money a second time.</span>
    </>
  );
}
