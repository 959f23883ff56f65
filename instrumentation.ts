// Runs once when the server starts: each request learns its socket's address and its id (lib/http/peer.ts),
// then migrations, then charges that a previous process left half-way (`submitting`) are marked
// `unknown`, so no outcome stays silently missing.
// A start that cannot finish (a setting missing or wrong, a database out of reach, a migration that
// fails, an audit key that cannot be read) ends the process with one line naming why
// (lib/startup.ts, failedStart): Next.js would log it and go on answering 500s.
import type { Instrumentation } from "next";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { failedStart, startUp } = await import("@/lib/startup");
  try {
    const { trackPeerAddresses } = await import("@/lib/http/peer");
    trackPeerAddresses();
    await startUp();
  } catch (error) {
    failedStart(error);
  }
}

/**
 * A page (or anything else Next.js answers itself) that threw: one line with the request's id,
 * which the error page shows for support to quote (lib/http/request-id.ts). The route's pattern,
 * never its path (a pay link's or a reset link's token), and the error as lib/log.ts tells any.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/log");
  const id = request.headers["x-request-id"];
  const digest = (error as { digest?: unknown } | null)?.digest;
  log("error", "request_failed", {
    ...(typeof id === "string" ? { requestId: id } : {}),
    method: request.method,
    route: context.routePath,
    kind: context.routeType,
    ...(typeof digest === "string" ? { digest } : {}),
    error,
  });
};
