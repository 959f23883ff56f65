"use client";
import { ErrorState } from "@/components/ui/states";

export default function RootError({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorState title="This page could not be shown" message="Something went wrong on our side. No charge was repeated." retry={reset} />
  );
}
