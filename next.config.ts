import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder at run time,
  // and pg has optional native bindings: both stay plain Node modules, never bundled.
  // rate-limiter-flexible loads drizzle-orm by a computed import, so both stay plain Node
  // modules too, and every caller shares the one drizzle-orm.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "drizzle-orm", "rate-limiter-flexible"],
  // forbidden() renders app/forbidden.tsx with HTTP 403 for a signed-in member whose role does not fit.
  experimental: { authInterrupts: true },
  poweredByHeader: false,
};

export default nextConfig;
