// An island's HTML on the server (./island.tsx): scripts/islands.mjs builds this with Preact in
// React's place into .islands/<name>.mjs, which the page's getServerSideProps imports
// (lib/layout/islands.ts, renderIsland) — the renderer the browser hydrates it with
// (./island-client.tsx). Next.js's build never sees it.
import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import type { IslandContext } from "@/lib/layout/types";
import { type Island, IslandTree } from "./island";

export function islandHtml<P extends object>(island: Island<P>, props: P, context: IslandContext): string {
  return renderToString((<IslandTree island={island} props={props} context={context} />) as unknown as VNode);
}
