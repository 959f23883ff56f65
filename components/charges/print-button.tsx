"use client";
import { Button } from "@/components/ui/button";

export function PrintButton() {
  return (
    <Button className="no-print mt-6 w-full" onClick={() => window.print()}>
      Print receipt
    </Button>
  );
}
