"use client";
import { ErrorState } from "@/components/ui/states";

/** A charge page's error state, at /transactions/{id} and /reconcile/{id} alike. */
export function ChargeError({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorState
      title="This charge could not be loaded"
      message="The ledger did not answer. The charge itself is unaffected."
      retry={reset}
    />
  );
}
