"use client";
import { ErrorState } from "@/components/ui/states";

export default function AuditError({ reset }: { error: Error; reset: () => void }) {
  return <ErrorState title="The audit log could not be loaded" message="The database did not answer." retry={reset} />;
}
