"use client";
// The member's colour scheme: System follows the device, Light and Dark pin one. The page
// changes at once; the choice is saved to the member, so it follows them to other devices.
import { useState } from "react";
import { sendJson, HttpError } from "@/components/ui/fetch-json";
import { THEME_LABELS, THEMES, type Theme } from "@/lib/market/theme";
import { toast } from "@/components/ui/toast";

const HINTS: Record<Theme, string> = {
  system: "Follows this device's setting",
  light: "Always light",
  dark: "Always dark",
};

export function AppearanceForm({ initial }: { initial: Theme }) {
  const [theme, setThemeState] = useState<Theme>(initial);
  const [saved, setSaved] = useState<Theme>(initial);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: Theme) {
    setThemeState(next);
    document.documentElement.dataset.theme = next;
    try {
      await sendJson("PUT", "/api/profile/theme", { theme: next });
      setSaved(next);
      setError(null);
      toast(`Appearance saved: ${THEME_LABELS[next]}.`);
    } catch (failure) {
      // Not saved: the page goes back to what the member's record says.
      setThemeState(saved);
      document.documentElement.dataset.theme = saved;
      setError(failure instanceof HttpError ? failure.message : "The choice was not saved. Try again.");
    }
  }

  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">Colour scheme</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {THEMES.map((t) => (
          <label
            key={t}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name="theme" value={t} checked={theme === t} onChange={() => choose(t)} className="mt-1 accent-brand-600" />
            <span>
              <span className="block text-sm font-medium text-ink">{THEME_LABELS[t]}</span>
              <span className="block text-xs text-ink-muted">{HINTS[t]}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-status-failed">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
