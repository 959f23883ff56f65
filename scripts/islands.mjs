// The islands: the browser code of the pages served without the framework's runtime that hold a
// form (docs/decisions/forms-as-islands.md). Each `components/<feature>/<name>.island.tsx`
// exports its island (components/ui/island.tsx, defineIsland) as its default; from each, esbuild
// makes two files, both rendering with Preact in React's place (preact/compat):
//   - the browser's: hydrates the island where the page rendered it (components/ui/island-client.tsx),
//     one file in public/islands/ with a hash in its name, and manifest.json there (each island's
//     file), which the server reads to write the page's <script type="module"> tag;
//   - the server's: renders the island into the page's HTML (components/ui/island-server.tsx),
//     .islands/<name>.mjs, which the page's getServerSideProps imports (lib/layout/islands.ts).
// The same renderer on both sides, so the tree the browser hydrates is the one the server sent
// (down to the ids useId makes).
//   node scripts/islands.mjs                 the production build (npm run build runs it)
//   node scripts/islands.mjs --dev [ARGS…]   a development build, rebuilt on every change, beside
//                                             `next dev ARGS…` (npm run dev); ends when it ends
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "public/islands");
const SERVER_OUT = path.join(root, ".islands");
const SUFFIX = ".island.tsx";
const dev = process.argv[2] === "--dev";

/** Every island, by name: components/charges/charge-form.island.tsx is `charge-form`. */
function entries() {
  const found = {};
  for (const file of readdirSync(path.join(root, "components"), { recursive: true })) {
    if (!String(file).endsWith(SUFFIX)) continue;
    const name = path.basename(String(file), SUFFIX);
    if (found[name]) throw new Error(`two islands are named ${name}: ${found[name]} and components/${file}`);
    found[name] = `components/${file}`;
  }
  return found;
}

/**
 * What an island may not bring into the browser: the server's modules (marked server-only), the
 * framework (an island runs without it: links are plain, navigation is components/ui/navigation.tsx)
 * and Node's own modules. The build fails naming the module and who imported it.
 */
const browserOnly = {
  name: "browser-only",
  setup(build) {
    build.onResolve({ filter: /^(server-only|next|next\/.*|node:.*)$/ }, (args) => ({
      errors: [{ text: `an island cannot import ${args.path} (imported by ${path.relative(root, args.importer)})` }],
    }));
  },
};

/**
 * Each island's two entries, made here: the browser's hydrates it, the server's renders it. An
 * entry is `island:browser:<name>` or `island:server:<name>`.
 */
const islandEntries = (islands) => ({
  name: "island-entries",
  setup(build) {
    build.onResolve({ filter: /^island:(browser|server):/ }, (args) => ({ path: args.path, namespace: "island" }));
    build.onLoad({ filter: /.*/, namespace: "island" }, (args) => {
      const [, side, name] = args.path.split(":");
      const island = JSON.stringify(path.join(root, islands[name]));
      const contents =
        side === "browser"
          ? `import island from ${island};\nimport { mountIsland } from "@/components/ui/island-client";\nmountIsland(island);\n`
          : `import island from ${island};\nimport { islandHtml } from "@/components/ui/island-server";\nexport default (props, context) => islandHtml(island, props, context);\n`;
      return { contents, loader: "tsx", resolveDir: root };
    });
  },
});

/** The manifest: each island's browser file. */
const manifestOf = {
  name: "manifest",
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length || !result.metafile) return;
      const manifest = {};
      for (const [file, output] of Object.entries(result.metafile.outputs)) {
        const entry = output.entryPoint?.match(/^island:island:browser:(.+)$/);
        if (entry) manifest[entry[1]] = { file: path.basename(file) };
      }
      writeFileSync(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      if (dev) console.log(`islands: built ${Object.keys(manifest).length}`);
    });
  },
};

const islands = entries();
const names = Object.keys(islands);

/** What both sides share: Preact in React's place, and the build's checks. */
const shared = {
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  metafile: true,
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  // Preact renders the islands (docs/decisions/forms-as-islands.md): a tenth of React's code for
  // the phone to compile; the components are written against React's API, which preact/compat
  // provides.
  alias: {
    react: "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react-dom": "preact/compat",
    "react/jsx-runtime": "preact/jsx-runtime",
    "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
  },
  legalComments: "none",
  logLevel: "warning",
};

const browser = {
  ...shared,
  entryPoints: Object.fromEntries(names.map((name) => [name, `island:browser:${name}`])),
  // One file per island, its lazy imports (the form's checks, the dialogs) inside it: measured on
  // the calibrated phone, nine files split by what they share blocked the page longer and less
  // steadily than one (docs/decisions/forms-as-islands.md). So a page has one island.
  splitting: false,
  outdir: OUT,
  entryNames: "[name]-[hash]",
  minify: !dev,
  // The browsers Next.js 16 builds for.
  target: ["chrome111", "edge111", "firefox111", "safari16.4"],
  plugins: [browserOnly, islandEntries(islands), manifestOf],
};

const server = {
  ...shared,
  entryPoints: Object.fromEntries(names.map((name) => [name, `island:server:${name}`])),
  platform: "node",
  target: "node20",
  outdir: SERVER_OUT,
  outExtension: { ".js": ".mjs" },
  plugins: [browserOnly, islandEntries(islands)],
};

for (const dir of [OUT, SERVER_OUT]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}
if (!dev) {
  await Promise.all([esbuild.build(browser), esbuild.build(server)]);
  console.log(`islands: ${names.length} built into public/islands and .islands`);
} else {
  const contexts = await Promise.all([esbuild.context(browser), esbuild.context(server)]);
  for (const context of contexts) {
    await context.rebuild();
    await context.watch();
  }
  const next = spawn("npx", ["next", "dev", ...process.argv.slice(3)], { cwd: root, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
  next.on("exit", async (code, signal) => {
    await Promise.all(contexts.map((context) => context.dispose()));
    process.exit(code ?? (signal ? 1 : 0));
  });
}
