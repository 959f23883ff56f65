// A button's look, for <Button> (./button.tsx) and for a link that acts as one (<ButtonLink> in
// ./link.tsx, an app to open, a download). Apart from button.tsx: a server component calls it, and
// a function from a "use client" file cannot be called on the server.
const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200 disabled:text-brand-900/60",
  secondary: "border border-line bg-surface text-ink hover:bg-canvas disabled:text-ink-faint",
  danger: "border border-status-failed/40 bg-status-failed-bg text-status-failed hover:border-status-failed disabled:opacity-60",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

const BASE = [
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2",
  "text-sm font-semibold transition-colors disabled:cursor-not-allowed aria-disabled:cursor-wait",
].join(" ");

export const buttonClass = (variant: ButtonVariant = "primary") => `${BASE} ${VARIANTS[variant]}`;
