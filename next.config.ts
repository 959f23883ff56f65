import type { NextConfig } from "next";
import { commonHeaders, NON_PAGE_POLICY } from "./lib/http/security-headers";

/** The browser's chunks every page loads: the root layout, the root error boundary, the 403 page. */
const EVERY_PAGE_CHUNKS = new Set(["app/layout", "app/error", "app/forbidden"]);

const nextConfig: NextConfig = {
  // `next build` also writes .next/standalone: a server.js with only the node_modules it needs,
  // for deployment (docs/operations.md, "Deploying"; scripts/standalone.sh adds the static files).
  output: "standalone",
  // The migrations are read from disk when the server starts: they travel with it.
  outputFileTracingIncludes: { "/**": ["./lib/db/migrations/**/*"] },
  // PGlite loads its WebAssembly and data files from its own package folder at run time,
  // and pg has optional native bindings: both stay plain Node modules, never bundled.
  // rate-limiter-flexible loads drizzle-orm by a computed import, so both stay plain Node
  // modules too, and every caller shares the one drizzle-orm.
  // pg-boss (the batches' job queue) brings pg and its own SQL: a plain Node module too.
  // ExcelJS (the XLSX export, lib/xlsx.ts) is CommonJS written for Node, with its zip and stream
  // packages: loaded from node_modules as it is, rather than bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "drizzle-orm", "rate-limiter-flexible", "pg-boss", "exceljs"],
  // forbidden() renders app/forbidden.tsx with HTTP 403 for a signed-in member whose role does not fit.
  experimental: { authInterrupts: true },
  // `npm test` type-checks before it builds (`npm run typecheck`: the routes' generated types by
  // `next typegen`, then tsc over everything, tests included), so its build skips the same check
  // (MOMO_TYPES_CHECKED=1, scripts/test.sh): about 35 s of one core in a phase that has none to
  // spare. Any other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.MOMO_TYPES_CHECKED === "1" },
  poweredByHeader: false,
  // The browser's chunks: a module of the root layout or of the root error and 403 pages (which
  // every page loads with the layout) that a page uses too (the toast region, dates in the
  // business's zone, fetchJson, the button, the error state) goes into one chunk beside the
  // layout's, loaded on every page anyway, instead of travelling again in each page's own chunk
  // (Next's default keeps a shared part under 20 kB in every entry that uses it: about 2 kB more
  // per page, measured).
  webpack(config, { isServer, dev }) {
    const split = config.optimization?.splitChunks;
    if (!isServer && !dev && split?.cacheGroups) {
      split.cacheGroups.layoutShared = {
        name: "layout-shared",
        chunks: "all",
        enforce: true,
        priority: 10,
        test: (module: unknown, { chunkGraph }: { chunkGraph: { getModuleChunks(m: unknown): { name?: string | null }[] } }) => {
          const chunks = chunkGraph.getModuleChunks(module);
          return chunks.length > 1 && chunks.some((c) => EVERY_PAGE_CHUNKS.has(c.name ?? ""));
        },
      };
    }
    return config;
  },
  // The development server's hot reloading answers only the origins it knows: 127.0.0.1 as well
  // as localhost (the address the end-to-end servers and scripts use). No effect on a build.
  allowedDevOrigins: ["127.0.0.1"],
  // Pages get their nonce policy from proxy.ts; these go on every response (HSTS only from
  // a production build), and responses that are not pages get a policy that loads nothing.
  async headers() {
    const common = commonHeaders(process.env.NODE_ENV === "production");
    return [
      { source: "/:path*", headers: common },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: NON_PAGE_POLICY }] },
      { source: "/sandbox/:path*", headers: [{ key: "Content-Security-Policy", value: NON_PAGE_POLICY }] },
      // What proxy.ts does not see (its matcher skips them): static files, the icon, robots.txt,
      // and the HTML 404 a missing one answers with.
      ...["/_next/:path*", "/islands/:path*", "/favicon.ico", "/robots.txt"].map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: NON_PAGE_POLICY }],
      })),
      // The islands' code (scripts/islands.mjs): each file's name carries its content's hash, so
      // a browser keeps it for good, as Next.js's own chunks.
      { source: "/islands/:file([^/]+\\.js)", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
};

export default nextConfig;
