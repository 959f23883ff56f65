"use client";
import { ErrorState } from "@/components/ui/states";

export default function ReconcileError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The queue could not be loaded" message="The ledger did not answer. Nothing was changed." retry={reset} />;
}
