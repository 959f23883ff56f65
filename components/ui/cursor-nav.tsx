// The pager of a list read page by page from a cursor (lib/cursor.ts): a link back and a link on,
// each standing alone (a 44 px target). A side with no page keeps its place, so the other link
// stays where a finger found it; `children` sit between them (the history's page sizes).
import type { ReactNode } from "react";
import { TextLink } from "./link";

export function CursorNav({
  back,
  on,
  backLabel = "← Newer",
  onLabel = "Older →",
  label = "Pages",
  className = "mt-4",
  children,
}: {
  /** The previous page's address (toward the newest), or none. */
  back?: string | null;
  /** The next page's address, or none. */
  on?: string | null;
  backLabel?: string;
  onLabel?: string;
  /** The navigation's accessible name. */
  label?: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!back && !on && !children) return null;
  return (
    <nav aria-label={label} className={`flex flex-wrap items-center justify-between gap-3 text-sm ${className}`}>
      {back ? (
        <TextLink tap href={back}>
          {backLabel}
        </TextLink>
      ) : (
        <span />
      )}
      {children}
      {on ? (
        <TextLink tap href={on}>
          {onLabel}
        </TextLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
