"use client";
// A disclosure: a button that shows and hides a panel (the WAI-ARIA disclosure pattern), built on
// the HTML popover: the button is the panel's popovertarget and the panel is popover="auto". The
// browser does the work, so it works before React has hydrated the page and with JavaScript off:
// - the button (click, Enter, Space) opens and closes it;
// - Escape closes it and, if focus was in the panel, puts focus back on the button;
// - a press outside the button and the panel closes it.
// Once hydrated, `open` and the button's aria-expanded (server-rendered "false") follow the
// panel's toggle events, including an opening that came before hydration. Until then the attribute
// may lag, but browsers expose a popovertarget button's expanded state from the popover itself
// (Chromium's accessibility tree says "expanded" with JavaScript off).
//
//   const more = useDisclosure();
//   <button {...more.buttonProps}>Menu</button>
//   <div {...more.panelProps}>… <Link href="/x" onClick={more.close}>X</Link> …</div>
//
// The panel follows the button in the page, so that Tab goes from the button into it. It is shown
// in the top layer, above everything: place it with `absolute` (against the page) and replace the
// browser's popover box (`inset: 0; margin: auto; width: fit-content`, Canvas colours); the small
// screen's menu (components/layout/site-menu.tsx) shows how. For a region that pushes the page's content
// down instead, use a <details> (components/ui/narrow-disclosure.tsx).
// `close()` closes it (after a link is chosen, say); like Escape, it puts focus back on the
// button if focus was in the panel, rather than leaving it on a hidden link.
import { useCallback, useEffect, useId, useRef, useState } from "react";

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => {
    if (panel.current?.matches(":popover-open")) panel.current.hidePopover();
  }, []);

  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    // The panel's own state is the truth: read it now (it may have opened before hydration) and
    // at every toggle (the event comes a moment after the change; reading the state is in order).
    const follow = () => setOpen(el.matches(":popover-open"));
    follow();
    el.addEventListener("toggle", follow);
    return () => el.removeEventListener("toggle", follow);
  }, []);

  return {
    open,
    close,
    buttonProps: {
      type: "button" as const,
      popoverTarget: id,
      "aria-expanded": open,
      "aria-controls": id,
    },
    panelProps: { ref: panel, id, popover: "auto" as const },
  };
}
