// Runs once when the server starts: apply migrations, then mark charges that a previous
// process left half-way (`submitting`) as `unknown`, so no outcome stays silently missing.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startUp } = await import("@/lib/startup");
  await startUp();
}
