import { type ComponentProps, createElement, type ReactNode } from "react";

type CardTag = "section" | "article" | "div" | "figure" | "form" | "ul" | "ol";

/**
 * The surface a panel sits on: a <section> by default, or `as` another element (a list, a form).
 * `flush`: no padding, for a list or table that runs to the card's edges, or padding of its own.
 */
export function Card<T extends CardTag = "section">({
  as,
  flush = false,
  className = "",
  ...props
}: { as?: T; flush?: boolean } & ComponentProps<T>) {
  return createElement(as ?? "section", {
    ...props,
    className: `rounded-card border border-line bg-surface shadow-card ${flush ? "" : "p-5 sm:p-6"} ${className}`.trim(),
  });
}

export function PageTitle({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
    </div>
  );
}
