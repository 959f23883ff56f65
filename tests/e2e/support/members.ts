import { request, type APIRequestContext } from "@playwright/test";
import { stateOf } from "./users";

/** The owner's API session, to set up members for a test. */
export async function ownerApi(baseURL: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, storageState: stateOf("owner") });
}

let counter = 0;
export async function addMember(owner: APIRequestContext, role: "owner" | "staff" | "support", label: string, name = `Member ${label}`) {
  const email = `${label}-${Date.now().toString(36)}-${counter++}@e2e.test`;
  const password = "member-password-0123";
  const res = await owner.post("/api/team", {
    data: { name, email, role, password },
    headers: { "Content-Type": "application/json" },
  });
  if (res.status() !== 201) throw new Error(`adding ${email}: ${res.status()} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { id, email, password, name };
}
