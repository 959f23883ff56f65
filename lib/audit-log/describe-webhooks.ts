// The webhook entries of the audit log in words (describe.ts hands them here), as the Webhooks
// settings say them: the endpoint by its host, its events by their names, a rotation's overlap in
// hours, a resend by what the endpoint answered. Ids stay out: the entry links to the endpoint.
import { countOf } from "@/lib/format";
import { WEBHOOK_EVENT_LABELS } from "@/lib/webhooks/shape";

/** What an endpoint change touched, by the form's names for it. */
const FIELDS: Record<string, string> = { url: "address", description: "description", eventTypes: "events" };

const own = (table: Record<string, string>, key: unknown) => (typeof key === "string" && Object.hasOwn(table, key) ? table[key] : null);
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function host(d: Record<string, unknown>): string | null {
  return typeof d.host === "string" && d.host ? `Endpoint at ${d.host}` : null;
}

/** "Events: a charge succeeded, a bulk batch finished" (an event this version does not know, as it is). */
function events(v: unknown, prefix: string): string | null {
  if (!Array.isArray(v)) return null;
  if (!v.length) return `${prefix}: none`;
  return `${prefix}: ${v.map((e) => lower(own(WEBHOOK_EVENT_LABELS, e) ?? String(e))).join(", ")}`;
}

function resent(d: Record<string, unknown>): string | null {
  const code = typeof d.statusCode === "number" ? ` (it answered ${d.statusCode})` : "";
  if (d.ok === true) return `Delivered${code}`;
  if (d.ok === false) return code ? `Not delivered${code}` : "Not delivered (no answer)";
  return null;
}

export function webhookDetails(action: string, d: Record<string, unknown>): (string | null)[] | null {
  switch (action) {
    case "webhook_endpoint_created":
      return [host(d), events(d.events, "Events")];
    case "webhook_endpoint_changed": {
      const fields = Array.isArray(d.fields) ? d.fields.map((f) => own(FIELDS, f) ?? String(f)) : [];
      return [host(d), fields.length ? `Changed: ${fields.join(", ")}` : null, events(d.events, "Events now")];
    }
    case "webhook_phone_number_shared":
      return [
        host(d),
        d.included === true
          ? "Payloads now carry customers' whole phone numbers"
          : d.included === false
            ? "Customers' phone numbers masked again"
            : null,
      ];
    case "webhook_endpoint_disabled":
      return [
        host(d),
        d.reason === "failing"
          ? `Switched off by the app: ${typeof d.attempts === "number" ? `${countOf(d.attempts, "attempt")} of a delivery` : "a delivery's attempts"} failed, and nothing reached it since`
          : null,
      ];
    case "webhook_endpoint_enabled":
    case "webhook_endpoint_deleted":
      return [host(d)];
    case "webhook_secret_rotated":
      return [host(d), typeof d.overlapHours === "number" ? `The old secret also signs for ${countOf(d.overlapHours, "hour")}` : null];
    case "webhook_delivery_resent":
      return [resent(d)];
    default:
      return null;
  }
}
