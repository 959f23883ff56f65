"use client";
// A disclosure for narrow screens only: a <details> that phones open and close with its
// summary, and that stays open from the sm breakpoint (640 px) up, where the summary is not
// shown. It needs no JavaScript: the summary toggles it natively and, on wide screens, CSS
// shows the content of a closed <details> (::details-content). The script only opens it on
// wide screens, so its state reads "expanded" there too (and browsers without
// ::details-content show the content). A page without React (components/layout/page-script.ts)
// has its own script open it (`data-narrow`).
import { useEffect, useId, useRef, type ReactNode } from "react";

/** From the sm breakpoint up (also what components/layout/page-script.ts opens them at). */
export const WIDE = "(min-width: 40rem)";
const SHOW_WHEN_WIDE = "supports-[selector(::details-content)]:sm:details-content:[content-visibility:visible]";

export function NarrowDisclosure({
  summary,
  defaultOpen = false,
  className = "",
  children,
}: {
  /** The summary's text, which also names the group: "Filters (2)". */
  summary: string;
  /** Open on phones as well, e.g. when something inside needs attention. */
  defaultOpen?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const id = useId();
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const wide = window.matchMedia(WIDE);
    const follow = () => {
      if (wide.matches) details.open = true;
    };
    follow();
    wide.addEventListener("change", follow);
    return () => wide.removeEventListener("change", follow);
  }, []);
  return (
    <details ref={ref} data-narrow open={defaultOpen} aria-labelledby={id} className={`group/disclosure ${SHOW_WHEN_WIDE} ${className}`}>
      <summary
        id={id}
        className={[
          "flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-lg border border-line px-3",
          "text-sm font-semibold text-ink hover:bg-canvas [&::-webkit-details-marker]:hidden",
          // Hidden on wide screens only where they can show a closed <details>'s content.
          "supports-[selector(::details-content)]:sm:hidden",
        ].join(" ")}
      >
        {summary}
        <span aria-hidden="true" className="text-ink-muted transition-transform group-open/disclosure:rotate-180">
          ▾
        </span>
      </summary>
      {children}
    </details>
  );
}
