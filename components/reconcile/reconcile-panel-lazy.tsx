"use client";
// The reconcile tools as a charge's page places them: in a chunk of their own, loaded only where
// they are shown (an open charge, to a member who may reconcile). A page's client components
// otherwise travel together, and a settled charge's page would carry the tools' form library.
import { type ComponentProps, lazy, Suspense } from "react";

const Panel = lazy(() => import("./reconcile-panel").then((m) => ({ default: m.ReconcilePanel })));

export function ReconcilePanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
