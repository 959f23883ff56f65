"use client";
// A thin bar across the top of the window while the period a preset link leads to is on its way
// (Next's useLinkStatus, inside the link): the same bar the header's script shows for its own
// links (components/layout/header-script.ts). The pages have no loading.tsx boundary: each arrives
// whole, in the response's first part, so its content is painted with the page rather than
// swapped in after the scripts run (docs/benchmarks.md, "Speed"); this bar is the sign that a
// click was taken meanwhile. Drawn at the end of <body>.
import { useLinkStatus } from "next/link";
import { createPortal } from "react-dom";

export function NavPending() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return createPortal(
    <div
      role="progressbar"
      aria-label="Opening the page"
      data-testid="nav-pending"
      className="nav-pending fixed inset-x-0 top-0 z-50 h-1"
    />,
    document.body,
  );
}
