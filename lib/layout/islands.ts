// Where an island's browser code is (scripts/islands.mjs writes public/islands/manifest.json at
// build time): its module, for the page's <script type="module"> tag
// (components/layout/staff-frame.tsx). Read in a page's getServerSideProps; in development on
// every page, as the islands are rebuilt on each change.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { GetServerSidePropsResult } from "next";
import type { StaffProps } from "./request";
import type { IslandContext, IslandFiles, RenderedIsland } from "./types";

type Manifest = Record<string, { file: string }>;

const PUBLIC_PATH = "/islands/";
let kept: Manifest | null = null;

function manifest(): Manifest {
  if (kept) return kept;
  const file = path.join(process.cwd(), "public/islands/manifest.json");
  let read: Manifest;
  try {
    read = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  } catch (error) {
    throw new Error(`The islands are not built (${file}): run npm run build`, { cause: error });
  }
  if (process.env.NODE_ENV === "production") kept = read;
  return read;
}

/** The modules of these islands (a page has one: components/ui/island.tsx). */
export function islandFiles(names: string[]): IslandFiles {
  const m = manifest();
  return {
    modules: [...new Set(names)].map((name) => {
      const entry = m[name];
      if (!entry) throw new Error(`No island is named ${name} in public/islands/manifest.json: run npm run build`);
      return PUBLIC_PATH + entry.file;
    }),
  };
}

/** A page with islands: its props as any staff page's, its islands rendered, and their files. */
export type IslandProps<V> = StaffProps<V> & { islands: RenderedIsland[]; files: IslandFiles | null };

/**
 * A staff page's answer (lib/layout/request.ts, staffProps) with its islands: `render` makes them
 * from the view (components/layout/island-slot.tsx, renderIsland) when the page is shown; a
 * refused or failed page has none.
 */
export function withIslands<V>(
  result: GetServerSidePropsResult<StaffProps<V>>,
  render: (view: NonNullable<V>, context: IslandContext) => RenderedIsland[],
): GetServerSidePropsResult<IslandProps<V>> {
  if (!("props" in result)) return result;
  const props = result.props as StaffProps<V>;
  const islands =
    props.status < 403 && props.view != null
      ? render(props.view as NonNullable<V>, { timeZone: props.frame.timeZone, requestId: props.frame.requestId })
      : [];
  return { props: { ...props, islands, files: islands.length ? islandFiles(islands.map((i) => i.name)) : null } };
}
