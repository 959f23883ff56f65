"use client";
// A thin bar across the top of the window while the page a header link leads to is on its way
// (Next's useLinkStatus, inside the link). The pages have no loading.tsx boundary: each arrives
// whole, in the response's first part, so its content is painted with the page rather than
// swapped in after the scripts run (docs/benchmarks.md, "Speed"); this bar is the sign that a click was
// taken meanwhile. Drawn at the end of <body>, so it shows even when the phone's menu, which
// holds the link, has closed.
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
