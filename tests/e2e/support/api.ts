import { randomUUID } from "node:crypto";
import { request, type APIRequestContext } from "@playwright/test";
import { reauth } from "./reauth";
import { remember } from "./used-text";
import { stateOf, type E2eRole } from "./users";

/** The role's saved session, its password proof made recent (team changes and exports ask for one). */
export async function apiAs(role: E2eRole, baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, storageState: stateOf(role) });
  await reauth(api);
  return api;
}

/** An Idempotency-Key no other worker can hold at the same time (Date.now() alone repeats across workers started in one millisecond). */
export const uniqueKey = (prefix: string) => `${prefix}_${randomUUID()}`;

/** Makes a charge through the API (as whoever `api` is signed in as); returns its view. */
export async function chargeVia(api: APIRequestContext, c: { amount: string; phone: string; description: string; provider?: string }) {
  const res = await api.post("/api/charges", {
    data: { amount: c.amount, currency: "GHS", phoneNumber: c.phone, provider: c.provider ?? "mtn", description: remember(c.description) },
    headers: { "Content-Type": "application/json", "Idempotency-Key": uniqueKey("e2e") },
  });
  if (res.status() !== 201) throw new Error(`charge failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).charge as { id: string; reference: string | null; status: string; description: string };
}
