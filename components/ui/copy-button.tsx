"use client";
// A small Copy button for a value a person pastes elsewhere (a charge's reference into a chat
// with the customer or the network's support). The value stays on screen as text; the button's
// name says what it copies, and the result is said through the app's live region (./toast.tsx).
import { toast } from "./toast";

export function CopyButton({ text, what, className = "" }: { text: string; what: string; className?: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast(`Copied ${what} ${text}.`);
    } catch {
      // No clipboard (a plain-http address, or the permission refused): the text is on screen.
      toast(`The browser would not copy it: select ${text} and copy it by hand.`);
    }
  }
  return (
    <button
      type="button"
      onClick={copy}
      // What a page without React copies (components/layout/page-script.ts).
      data-copy={text}
      data-copy-what={what}
      // Its look is one rule (.copy-button, app/globals.css): a list shows one in each of fifty rows.
      className={`copy-button ${className}`}
    >
      Copy
      <span className="sr-only">
        {" "}
        {what} {text}
      </span>
    </button>
  );
}
