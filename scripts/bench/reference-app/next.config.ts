import type { NextConfig } from "next";

// A bare app for the benchmark's references: the forwarding route handler and the durable
// reference (scripts/bench/overhead.ts). PGlite and pg are loaded from node_modules, as the
// dashboard loads them.
const nextConfig: NextConfig = { poweredByHeader: false, serverExternalPackages: ["@electric-sql/pglite", "pg"] };

export default nextConfig;
