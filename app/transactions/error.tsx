"use client";
import { ErrorState } from "@/components/ui/states";

export default function TransactionsError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The charges could not be loaded" message="The ledger did not answer. Nothing was changed." retry={reset} />;
}
