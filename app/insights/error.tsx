"use client";
import { ErrorState } from "@/components/ui/states";

export default function InsightsError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The insights could not be loaded" message="The ledger did not answer. Nothing was changed." retry={reset} />;
}
