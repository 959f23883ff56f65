"use client";
// A disclosure: a button that shows and hides a panel (the WAI-ARIA disclosure pattern). The
// small-screen menu (components/site-menu.tsx) is one; use it for any "show more" region.
//
//   const more = useDisclosure();
//   <button {...more.buttonProps}>Menu</button>
//   <div {...more.panelProps}>… <Link href="/x" onClick={more.close}>X</Link> …</div>
//
// - buttonProps: type, aria-expanded, aria-controls and the toggle; spread them on a <button>.
// - panelProps: id, hidden (while closed); spread them on the panel.
// - Escape, with focus on the button or in the panel, closes it and puts focus on the button.
//   A press outside both closes it where it is. `close()` closes without moving focus (after a
//   link is chosen, say); `open` tells whether it is shown.
import { useCallback, useEffect, useId, useRef, useState } from "react";

export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) =>
      node instanceof Node && (!!button.current?.contains(node) || !!panel.current?.contains(node));
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      const hadFocus = inside(document.activeElement);
      setOpen(false);
      if (hadFocus) button.current?.focus();
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!inside(e.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return {
    open,
    close,
    buttonProps: {
      ref: button,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": id,
      onClick: () => setOpen((o) => !o),
    },
    panelProps: { ref: panel, id, hidden: !open },
  };
}
