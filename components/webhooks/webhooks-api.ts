// The webhook routes as the browser calls them (components/ui/fetch-json.ts: errors as HttpError; a change
// that needs a recent password proof asks for it in the page's dialog, then is sent again).
import { fetchJson, sendJson } from "@/components/ui/fetch-json";
import type { EndpointChange } from "@/lib/webhooks/schema";
import type { AttemptView, EndpointView, SecretShown } from "@/lib/webhooks/view";

export type LogPage = { attempts: AttemptView[]; nextCursor: number | null };
export type ResendResult = { ok: boolean; statusCode: number | null; error: string | null };

const base = (id: string) => `/api/webhooks/${id}`;

export const getEndpoint = (id: string, signal?: AbortSignal) =>
  fetchJson<{ endpoint: EndpointView }>(base(id), { signal }).then((r) => r.endpoint);

export const changeEndpoint = (id: string, change: EndpointChange) =>
  sendJson<{ endpoint: EndpointView }>("PATCH", base(id), change).then((r) => r.endpoint);

export const rotateSecret = (id: string) => sendJson<SecretShown>("POST", `${base(id)}/rotate`);

export const deleteEndpoint = (id: string) => sendJson<null>("DELETE", base(id));

/** The delivery log, newest first; `before`: the last attempt's id already shown. */
export const logPage = (id: string, before: number | null, signal?: AbortSignal) =>
  fetchJson<LogPage>(`${base(id)}/attempts${before === null ? "" : `?before=${before}`}`, { signal });

export const resendDelivery = (id: string, deliveryId: string) =>
  sendJson<ResendResult>("POST", `${base(id)}/deliveries/${deliveryId}/resend`);
