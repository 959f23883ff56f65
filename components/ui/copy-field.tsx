"use client";
// A value shown once (an invite's link, a webhook's signing secret) in a read-only field with a
// Copy button: a press selects it and copies it; with no clipboard (a plain-http address, a
// refused permission) it stays selected to copy by hand, and the live region below says which.
import { useRef, useState } from "react";
import { Button } from "./button";
import { inputClass } from "./field";

export function CopyField({
  id,
  label,
  value,
  what,
  spellCheck,
}: {
  id: string;
  label: string;
  value: string;
  what: string;
  spellCheck?: boolean;
}) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }

  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          spellCheck={spellCheck}
          className={`${inputClass} font-mono text-sm`}
          onFocus={(e) => e.target.select()}
        />
        <Button type="button" variant="secondary" onClick={copy} className="shrink-0">
          Copy {what}
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-ink-muted">
        {copied === "yes" ? "Copied." : copied === "no" ? `The browser would not copy it: the ${what} is selected, copy it by hand.` : ""}
      </p>
    </>
  );
}
