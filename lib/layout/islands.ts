// The islands on the server (scripts/islands.mjs builds two files of each): its HTML, rendered by
// its server build (.islands/<name>.mjs, with the renderer its browser build hydrates with), and
// where its browser code is (public/islands/manifest.json), for the page's <script type="module">
// tag (components/layout/staff-frame.tsx). Used in a page's getServerSideProps; in development
// both are read again on every page, as the islands are rebuilt on each change.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import { pageRequest, type StaffProps, staffProps } from "./request";
import { type IslandContext, type IslandFiles, isShown, type PageRequest, type RenderedIsland, type StaffAnswer } from "./types";

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

type ServerBuild = { default: (props: unknown, context: IslandContext) => string };
const servers = new Map<string, Promise<ServerBuild>>();

function serverBuild(name: string): Promise<ServerBuild> {
  const file = path.join(process.cwd(), ".islands", `${name}.mjs`);
  // In development the file is rebuilt on each change: its modified time makes it a new module.
  const url = `${pathToFileURL(file).href}${process.env.NODE_ENV === "production" ? "" : `?v=${statSync(file).mtimeMs}`}`;
  let build = servers.get(url);
  if (!build) {
    build = import(/* webpackIgnore: true */ url).catch((error: unknown) => {
      servers.delete(url);
      throw new Error(`The island ${name} is not built (${file}): run npm run build`, { cause: error });
    }) as Promise<ServerBuild>;
    servers.set(url, build);
  }
  return build;
}

/** An island's HTML, with its props and its context, as the page writes it (components/layout/island-slot.tsx). */
async function renderIsland<P>(island: { name: string }, props: P, context: IslandContext): Promise<RenderedIsland> {
  const html = (await serverBuild(island.name)).default(props, context);
  return { name: island.name, html, props: JSON.stringify(props), context: JSON.stringify(context) };
}

/** The modules of these islands (a page has one: components/ui/island.tsx). */
function islandFiles(names: string[]): IslandFiles {
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
 * from the view (renderIsland) when the page is shown; a
 * refused or failed page has none.
 */
async function withIslands<V>(
  result: GetServerSidePropsResult<StaffProps<V>>,
  render: (view: NonNullable<V>, context: IslandContext) => Promise<RenderedIsland>[],
): Promise<GetServerSidePropsResult<IslandProps<V>>> {
  if (!("props" in result)) return result;
  const props = result.props as StaffProps<V>;
  const islands =
    isShown(props.status) && props.view != null
      ? await Promise.all(render(props.view as NonNullable<V>, { timeZone: props.frame.timeZone, requestId: props.frame.requestId }))
      : [];
  return { props: { ...props, islands, files: islands.length ? islandFiles(islands.map((i) => i.name)) : null } };
}

/**
 * The getServerSideProps of a form page of one island (docs/decisions/forms-as-islands.md): its
 * feature's view for the request (`ask`, through the feature's slot), with `island` rendered from it.
 */
export function oneIslandPage<V>(
  island: { name: string },
  ask: (request: PageRequest, context: GetServerSidePropsContext) => Promise<StaffAnswer<V>>,
): GetServerSideProps<IslandProps<V>> {
  return async (context) =>
    withIslands(staffProps(await ask(pageRequest(context), context), context.res, context.resolvedUrl), (view, ctx) => [
      renderIsland(island, view, ctx),
    ]);
}
