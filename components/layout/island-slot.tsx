// An island on the server (components/ui/island.tsx): rendered into HTML in the page's
// getServerSideProps (renderIsland), then written by the page into its place (IslandSlot) with
// its props, its context and its id prefix, which its entry reads to hydrate the same tree.
// The page's frame writes the islands' scripts (./staff-frame.tsx, lib/layout/islands.ts).
import { renderToString } from "react-dom/server";
import { type Island, IslandTree } from "@/components/ui/island";
import type { IslandContext, RenderedIsland } from "@/lib/layout/types";

/** `key`: the place, where a page shows one island more than once. */
export function renderIsland<P extends object>(island: Island<P>, props: P, context: IslandContext, key = island.name): RenderedIsland {
  const html = renderToString(<IslandTree island={island} props={props} context={context} />, { identifierPrefix: `${key}-` });
  return { name: island.name, key, html, props: JSON.stringify(props), context: JSON.stringify(context) };
}

/** What a page with its scripts off says above its island, whose form works only with them. */
export const NEEDS_SCRIPTS = "This form needs JavaScript: turn it on in your browser to use it. Nothing is charged or saved without it.";

export function IslandSlot({ island, className }: { island: RenderedIsland; className?: string }) {
  return (
    <>
      <noscript>
        <p role="alert" className="mb-4 rounded-lg border border-status-failed/30 bg-status-failed-bg px-4 py-3 text-sm text-status-failed">
          {NEEDS_SCRIPTS}
        </p>
      </noscript>
      <div
        data-island={island.name}
        data-island-key={island.key}
        data-props={island.props}
        data-context={island.context}
        className={className}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island (renderIsland above), which it hydrates
        dangerouslySetInnerHTML={{ __html: island.html }}
      />
    </>
  );
}
