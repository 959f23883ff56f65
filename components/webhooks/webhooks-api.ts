// The webhook routes as the browser calls them (lib/fetch-json.ts: errors as HttpError; a change
// that needs a recent password proof asks for it in the page's dialog, then is sent again).
import { fetchJson } from "@/lib/fetch-json";
import type { EndpointChange } from "@/lib/webhooks/schema";
import type { AttemptView, EndpointView, SecretShown } from "@/lib/webhooks/view";

export type LogPage = { attempts: AttemptView[]; nextCursor: number | null };
export type ResendResult = { ok: boolean; statusCode: number | null; error: string | null };

const json = { "Content-Type": "application/json" };
const base = (id: string) => `/api/webhooks/${id}`;

export const getEndpoint = (id: string, signal?: AbortSignal) =>
  fetchJson<{ endpoint: EndpointView }>(base(id), { signal }).then((r) => r.endpoint);

export const changeEndpoint = (id: string, change: EndpointChange) =>
  fetchJson<{ endpoint: EndpointView }>(base(id), { method: "PATCH", headers: json, body: JSON.stringify(change) }).then((r) => r.endpoint);

export const rotateSecret = (id: string) => fetchJson<SecretShown>(`${base(id)}/rotate`, { method: "POST" });

export const deleteEndpoint = (id: string) => fetchJson<null>(base(id), { method: "DELETE" });

/** The delivery log, newest first; `before`: the last attempt's id already shown. */
export const logPage = (id: string, before: number | null, signal?: AbortSignal) =>
  fetchJson<LogPage>(`${base(id)}/attempts${before === null ? "" : `?before=${before}`}`, { signal });

export const resendDelivery = (id: string, deliveryId: string) =>
  fetchJson<ResendResult>(`${base(id)}/deliveries/${deliveryId}/resend`, { method: "POST" });
