"use client";
import { ErrorState } from "@/components/ui/states";

export default function WebhooksError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The webhooks could not be loaded" message="The database did not answer. Nothing was changed." retry={reset} />;
}
