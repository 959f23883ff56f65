import type { NextConfig } from "next";

// A bare app for the benchmark's forwarding reference: nothing but the one route handler.
const nextConfig: NextConfig = { poweredByHeader: false };

export default nextConfig;
