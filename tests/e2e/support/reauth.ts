// Team changes, ending sessions and exports ask for a recent password proof (REAUTH_MINUTES, 10 by
// default), and the suite runs longer than that on sessions saved at its start: before such calls,
// re-authenticate. Cheap when the proof is still recent (one GET); every context of a role shares
// the role's saved session, so one proof serves them all.
import type { APIRequestContext } from "@playwright/test";
import { E2E_PASSWORD } from "./users";

/** Confirms the password for `api`'s session unless its proof has more than two minutes left. */
export async function reauth(api: APIRequestContext, password = E2E_PASSWORD): Promise<void> {
  const status = await api.get("/api/session/reauth");
  // Not signed in (a test about anonymous or ended sessions): nothing to prove.
  if (status.status() === 401) return;
  if (status.ok() && ((await status.json()) as { secondsLeft: number }).secondsLeft > 120) return;
  const res = await api.post("/api/session/reauth", { data: { password }, headers: { "Content-Type": "application/json" } });
  if (res.status() !== 204) throw new Error(`re-authenticating: ${res.status()} ${await res.text()}`);
}
