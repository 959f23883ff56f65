"use client";
// The charge form's phone field offers customers of the directory as it is typed (ARIA 1.2
// combobox with a list: arrows move, Enter picks, Escape closes, the input keeps focus). It finds
// a name, a reference's start or a number's start (only numbers this member sees whole; others stay
// masked, as everywhere). Typing a number and sending stays the same: a suggestion is never
// picked unless the person picks it.
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { CustomerView } from "@/lib/customers/view";
import { fetchJson } from "@/components/ui/fetch-json";
import { formatPhone, providerById } from "@/lib/market/networks";
import { inputClass } from "@/components/ui/field";

/** How many customers the list offers, and how long typing pauses before it asks. */
const SUGGESTIONS = 8;
const PAUSE_MS = 200;
/** How long an answer is reused for the same text (typing back to it, picking again). */
const FRESH_MS = 30_000;

const answers = new Map<string, { at: number; customers: CustomerView[] }>();

/**
 * The directory's customers for `query` (none for ""): one request per text, the one before
 * cancelled when the text changes, an answer reused for FRESH_MS. A failed request offers
 * nothing: typing the number still works.
 */
function useSuggestions(query: string): CustomerView[] {
  const [shown, setShown] = useState<{ query: string; customers: CustomerView[] }>({ query: "", customers: [] });
  useEffect(() => {
    if (!query) return;
    const kept = answers.get(query);
    if (kept && Date.now() - kept.at < FRESH_MS) return setShown({ query, customers: kept.customers });
    const controller = new AbortController();
    fetchJson<{ customers: CustomerView[] }>(`/api/customers?${new URLSearchParams({ q: query, limit: String(SUGGESTIONS) })}`, {
      signal: controller.signal,
    }).then(
      ({ customers }) => {
        // A long visit types many texts: the answers kept stay few.
        if (answers.size >= 50) answers.clear();
        answers.set(query, { at: Date.now(), customers });
        if (!controller.signal.aborted) setShown({ query, customers });
      },
      () => {},
    );
    return () => controller.abort();
  }, [query]);
  return shown.query === query ? shown.customers : [];
}

export function CustomerCombobox({
  id,
  field,
  value,
  invalid,
  describedBy,
  onPick,
}: {
  id: string;
  field: UseFormRegisterReturn;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onPick: (customer: CustomerView) => void;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState("");

  // Ask once typing pauses, and only for two characters or more.
  useEffect(() => {
    const typed = value.trim();
    const timer = setTimeout(() => setQuery(typed.length >= 2 && typed.length <= 100 ? typed : ""), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const suggested = useSuggestions(query);
  const found = query && value.trim().length >= 2 ? suggested : [];
  const expanded = open && found.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  // A new list starts with nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the list changes.
  useEffect(() => setActive(-1), [found.length, query]);

  const pick = (c: CustomerView) => {
    setOpen(false);
    setActive(-1);
    onPick(c);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!found.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (expanded ? (a + step + found.length) % found.length : step === 1 ? 0 : found.length - 1));
    } else if (e.key === "Enter" && expanded && active >= 0) {
      e.preventDefault();
      pick(found[active]);
    } else if (e.key === "Escape" && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="tel"
        autoComplete="off"
        placeholder="024 123 4567 or a customer's name"
        className={inputClass}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...field}
        onChange={(e) => {
          setOpen(true);
          return field.onChange(e);
        }}
        onBlur={(e) => {
          setOpen(false);
          return field.onBlur(e);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Customers"
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-card"
      >
        {found.map((c, i) => (
          // Chosen with the mouse without taking focus from the input (mousedown would blur it).
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard (aria-activedescendant).
          <div
            key={c.id}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-ink" : ""}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(c)}
          >
            <span className="block font-medium">{c.name}</span>
            <span className="block text-xs text-ink-muted">
              <span className="tabular-nums">{formatPhone(c.phoneNumber)}</span> · {providerById(c.provider)?.label ?? c.provider}
              {c.reference ? ` · ${c.reference}` : ""}
            </span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${found.length} ${found.length === 1 ? "customer" : "customers"} found: use the arrow keys to choose` : ""}
      </p>
    </div>
  );
}
