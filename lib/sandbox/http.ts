// The sandbox answers only while no real upstream is configured; otherwise it does not exist.
import "server-only";
import { isSandboxEnabled } from "@/lib/env";

export function whenSandboxEnabled(handle: () => Promise<Response>): Promise<Response> {
  if (!isSandboxEnabled()) return Promise.resolve(Response.json({ error: { code: "not_found", message: "Not found." } }, { status: 404 }));
  return handle();
}
