// An island's place in its page (components/ui/island.tsx): the HTML its server build rendered
// (lib/layout/islands.ts, renderIsland), with its props and its context beside it, which its
// browser build reads to hydrate the same tree (components/ui/island-client.tsx).
// The page's frame writes the islands' scripts (./staff-frame.tsx, lib/layout/islands.ts).
// The development server hydrates the whole page with Next.js's runtime (a page's
// `unstable_runtimeJS: false` holds only for `next build`), and its Fast Refresh renders the page
// again: there the page's own React renders the island once hydrated, and the island's module
// stands aside (components/ui/island-client.tsx).
import { useCallback, useRef } from "react";
import { type Island, IslandTree } from "@/components/ui/island";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { RenderedIsland } from "@/lib/layout/types";

/** What a page with its scripts off says above its island, whose form works only with them. */
export const NEEDS_SCRIPTS = "This form needs JavaScript: turn it on in your browser to use it. Nothing is charged or saved without it.";

/** `of`: the island's definition, which only the development server's hydrated page renders. */
export function IslandSlot<P extends object>({ island, of, className }: { island: RenderedIsland; of: Island<P>; className?: string }) {
  const hydrated = useHydrated();
  const place = useRef<HTMLDivElement>(null);
  const onReady = useCallback(() => {
    place.current?.setAttribute("data-ready", "");
    place.current?.dispatchEvent(new Event("island-ready", { bubbles: true }));
  }, []);
  const attributes = {
    ref: place,
    "data-island": island.name,
    "data-props": island.props,
    "data-context": island.context,
    className,
  };
  return (
    <>
      <noscript>
        <p role="alert" className="mb-4 rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed">
          {NEEDS_SCRIPTS}
        </p>
      </noscript>
      {hydrated ? (
        <div {...attributes}>
          <IslandTree island={of} props={JSON.parse(island.props) as P} context={JSON.parse(island.context)} onReady={onReady} />
        </div>
      ) : (
        <div
          {...attributes}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own rendering (lib/layout/islands.ts, renderIsland), which it hydrates
          dangerouslySetInnerHTML={{ __html: island.html }}
        />
      )}
    </>
  );
}
