// Runs once when the server starts: each request learns its socket's address and its id (lib/http/peer.ts),
// then migrations, then charges that a previous process left half-way (`submitting`) are marked
// `unknown`, so no outcome stays silently missing.
// A start that cannot finish (a setting missing or wrong, a database out of reach, a migration that
// fails, an audit key that cannot be read) ends the process with one line naming why
// (lib/startup.ts, failedStart): Next.js would log it and go on answering 500s.
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
