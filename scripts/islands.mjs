// The islands: the browser code of the pages served without the framework's runtime that hold a
// form (docs/decisions/forms-as-islands.md). Each `components/<feature>/<name>.island.tsx` is an
// entry that hydrates its component where the page rendered it (components/ui/island-client.tsx);
// esbuild bundles each, with React and react-hook-form, into one file in public/islands/ with a
// hash in its name, and writes manifest.json there (each island's file), which the server reads
// to write the page's <script type="module"> tag (lib/layout/islands.ts).
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
const SUFFIX = ".island.tsx";
const dev = process.argv[2] === "--dev";

/** Every island entry, by name: components/charges/charge-form.island.tsx is `charge-form`. */
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

/** The manifest: each island's file. */
const manifestOf = {
  name: "manifest",
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length || !result.metafile) return;
      const manifest = {};
      for (const [file, output] of Object.entries(result.metafile.outputs)) {
        if (output.entryPoint?.endsWith(SUFFIX)) manifest[path.basename(output.entryPoint, SUFFIX)] = { file: path.basename(file) };
      }
      writeFileSync(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      if (dev) console.log(`islands: built ${Object.keys(manifest).length}`);
    });
  },
};

const options = {
  absWorkingDir: root,
  entryPoints: entries(),
  bundle: true,
  // One file per island, its lazy imports (the form's checks, the dialogs) inside it: measured on
  // the calibrated phone, nine files split by what they share blocked the page longer and less
  // steadily than one (docs/decisions/forms-as-islands.md). So a page has one island.
  splitting: false,
  format: "esm",
  outdir: OUT,
  entryNames: "[name]-[hash]",
  metafile: true,
  minify: !dev,
  // The browsers Next.js 16 builds for.
  target: ["chrome111", "edge111", "firefox111", "safari16.4"],
  jsx: "automatic",
  define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  legalComments: "none",
  logLevel: "warning",
  plugins: [browserOnly, manifestOf],
};

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
if (!dev) {
  await esbuild.build(options);
  console.log(`islands: ${Object.keys(options.entryPoints).length} built into public/islands`);
} else {
  const context = await esbuild.context(options);
  await context.rebuild();
  await context.watch();
  const next = spawn("npx", ["next", "dev", ...process.argv.slice(3)], { cwd: root, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => next.kill(signal));
  next.on("exit", async (code, signal) => {
    await context.dispose();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
