"use client";
import { ErrorState } from "@/components/ui/states";

export default function ApiKeysError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The API keys could not be loaded" message="The database did not answer. Nothing was changed." retry={reset} />;
}
