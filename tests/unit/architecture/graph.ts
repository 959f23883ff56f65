// Reads every product file's imports with TypeScript's parser (type-only imports, re-exports,
// dynamic `import()` and `import("…")` types included) and places each file in its layer
// (docs/architecture.md, "The feature graph"): the kernel, the shared domain, a feature, the
// composition root, or outside lib/ (app/, components/, the two files Next loads first).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const SOURCE_DIRS = ["app", "components", "lib"];
const SOURCE_FILES = ["instrumentation.ts", "proxy.ts"];

/** The kernel's folders; lib/'s own files are the kernel too, but for the composition root. */
export const KERNEL_FOLDERS = ["db", "http", "market", "metrics", "momo"];
/** Who asks and what they may (access) and the audit log's writer (audit): every feature uses them. */
export const SHARED = ["access", "audit"];
const COMPOSITION_ROOT = ["lib/startup.ts", "lib/pages.ts", "lib/shutdown.ts"];
/** What any feature may import of another: its face, and the data the browser may load too. */
const FACES = ["index", "schema", "shape", "types", "view"];

export type Import = { from: string; to: string; typeOnly: boolean };
export type Layer = "kernel" | "shared" | "feature" | "composition" | "outside";

/** A file's layer and the name of its part: `http`, `lib/env.ts`, `charges`, … */
export function placeOf(file: string): { layer: Layer; part: string } {
  const [top, folder, ...rest] = file.split("/");
  if (top !== "lib") return { layer: "outside", part: top };
  if (!rest.length) return COMPOSITION_ROOT.includes(file) ? { layer: "composition", part: file } : { layer: "kernel", part: file };
  if (KERNEL_FOLDERS.includes(folder)) return { layer: "kernel", part: folder };
  return { layer: SHARED.includes(folder) ? "shared" : "feature", part: folder };
}

function sourceFiles(): string[] {
  const out = SOURCE_FILES.filter((f) => fs.existsSync(path.join(ROOT, f)));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  return out;
}

/** `@/…` and `./…` to a file of the repository; null for a package (or a stylesheet). */
function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  if (/\.(css|svg|png|json)$/.test(base)) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve "${spec}"`);
}

function importsOf(file: string): Import[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (spec: ts.Node | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const to = resolve(file, spec.text);
    if (to) found.push({ from: file, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named?.length && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import of every product file. */
export function readImports(): Import[] {
  return sourceFiles().flatMap(importsOf);
}

/** The imports that break a layer's rule, as "from → to" lines. */
export function violations(imports: Import[], rule: "kernel" | "shared" | "insides" | "browser"): string[] {
  return imports
    .filter(({ from, to }) => {
      const a = placeOf(from);
      const b = placeOf(to);
      if (rule === "kernel") return a.layer === "kernel" && b.layer !== "kernel";
      if (rule === "shared") return a.layer === "shared" && b.layer !== "kernel" && b.layer !== "shared";
      // A feature's index.ts is its server-side face: components load in the browser, and take only
      // its schema, shape, types or view (biome.jsonc holds the rest of what they may import).
      if (rule === "browser") return from.startsWith("components/") && b.layer !== "kernel" && path.posix.basename(to) === "index.ts";
      const across =
        (a.layer === "feature" || a.layer === "shared") && (b.layer === "feature" || b.layer === "shared") && a.part !== b.part;
      return across && !FACES.includes(path.posix.basename(to).replace(/\.tsx?$/, ""));
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

/** Edges "a --> b" between the parts of the given layers, from lib/'s files. */
function partEdges(imports: Import[], layers: Layer[], keep: (part: string) => boolean = () => true): Set<string> {
  const edges = new Set<string>();
  for (const { from, to } of imports) {
    const a = placeOf(from);
    const b = placeOf(to);
    if (a.part !== b.part && layers.includes(a.layer) && layers.includes(b.layer) && keep(a.part) && keep(b.part)) {
      edges.add(`${a.part} --> ${b.part}`);
    }
  }
  return edges;
}

/** The features' and the shared domain's edges: the graph that must have no cycle. */
export function featureGraph(imports: Import[]): Set<string> {
  return partEdges(imports, ["feature", "shared"]);
}

/** Between the kernel's folders (lib/'s own files are leaves every part may use). */
export function kernelFolderEdges(imports: Import[]): Set<string> {
  return partEdges(imports, ["kernel"], (part) => KERNEL_FOLDERS.includes(part));
}

/** One cycle of the graph, as the path a → b → … → a; [] when there is none. */
export function cycleOf(edges: Set<string>): string[] {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const [a, b] = edge.split(" --> ");
    next.set(a, [...(next.get(a) ?? []), b]);
  }
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] => {
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    if (state.get(node) === "done") return [];
    state.set(node, "open");
    trail.push(node);
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to);
      if (cycle.length) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return [];
  };
  for (const node of [...next.keys()].sort()) {
    const cycle = visit(node);
    if (cycle.length) return cycle;
  }
  return [];
}

/**
 * The edges between features drawn in docs/architecture.md's mermaid graph (the block after
 * "## The feature graph"), one `a --> b` per line. Edges into the shared domain are not drawn:
 * every feature may use it.
 */
export function drawnGraph(): Set<string> {
  const doc = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const section = doc.split("## The feature graph")[1] ?? "";
  const block = section.split("```mermaid")[1]?.split("```")[0] ?? "";
  return new Set([...block.matchAll(/^\s*([\w-]+)\s*-->\s*([\w-]+)\s*$/gm)].map((m) => `${m[1]} --> ${m[2]}`));
}

/** The features' edges as drawn: between features only (the shared domain is under them all). */
export function featureEdgesToDraw(imports: Import[]): Set<string> {
  return partEdges(imports, ["feature"]);
}
