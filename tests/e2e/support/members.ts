import { request, type APIRequestContext } from "@playwright/test";
import { reauth } from "./reauth";
import { stateOf } from "./users";

/** The owner's API session, to set up members for a test (its password proof made recent). */
export async function ownerApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, storageState: stateOf("owner") });
  await reauth(api);
  return api;
}

let counter = 0;
export async function addMember(owner: APIRequestContext, role: "owner" | "staff" | "support", label: string, name = `Member ${label}`) {
  const email = `${label}-${Date.now().toString(36)}-${counter++}@e2e.test`;
  const password = "member-password-0123";
  // A context made early in a long file may have outlived its proof.
  await reauth(owner);
  const res = await owner.post("/api/team", {
    data: { name, email, role, password },
    headers: { "Content-Type": "application/json" },
  });
  if (res.status() !== 201) throw new Error(`adding ${email}: ${res.status()} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, email, password, name };
}
