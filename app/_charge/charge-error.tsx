"use client";
import { ErrorState } from "@/components/ui/states";

/** A charge's receipt's error state (/transactions/{id}/receipt). */
export function ChargeError({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorState
      title="This charge could not be loaded"
      message="The ledger did not answer. The charge itself is unaffected."
      retry={reset}
    />
  );
}
