// Runs once when the server starts: each request learns its socket's address (lib/http/peer.ts),
// then migrations, then charges that a previous process left half-way (`submitting`) are marked
// `unknown`, so no outcome stays silently missing.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { trackPeerAddresses } = await import("@/lib/http/peer");
  trackPeerAddresses();
  const { startUp } = await import("@/lib/startup");
  await startUp();
}
