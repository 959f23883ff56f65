// The upstream of tests/e2e/fault-injection.spec.ts: a hostile stand-in (hostile-upstream.ts)
// that answers each charge with the fault its number implies (the description carries the
// number), and counts the charge POSTs it receives for each description.
import { json, startHostileUpstream, type HostileUpstream } from "./hostile-upstream";

export type Fault =
  | "success"
  | "pending"
  | "declined"
  | "hang"
  | "reset"
  | "error500"
  | "limited429"
  | "garbage"
  | "slowBody"
  | "rejected402";
export function faultOf(n: number): Fault {
  const b = n % 100;
  if (b < 40) return "success";
  if (b < 50) return "pending";
  if (b < 60) return "declined";
  if (b < 67) return "hang";
  if (b < 74) return "reset";
  if (b < 81) return "error500";
  if (b < 82) return "limited429";
  if (b < 89) return "garbage";
  if (b < 95) return "slowBody";
  return "rejected402";
}
/** The status each fault must leave; `unknown` (interrupted) is also accepted for any charge in flight when the app died. */
export const EXPECTED: Record<Fault, string> = {
  success: "success",
  pending: "pending",
  declined: "failed",
  hang: "unknown",
  reset: "unknown",
  error500: "unknown",
  limited429: "failed",
  garbage: "unknown",
  slowBody: "unknown",
  rejected402: "failed",
};

/**
 * Starts the upstream: charges answered by fault (references TXN-FI-RUN-N), status lookups
 * "pending", the account found. `posts` counts, per description, the charge POSTs received.
 * A hang or a slow body lasts twice `timeoutMs`, the app's upstream timeout.
 */
export async function startFaultUpstream(
  key: string,
  run: string,
  timeoutMs: number,
  posts: Map<string, number>,
): Promise<HostileUpstream> {
  const upstream = await startHostileUpstream(key);
  upstream.answer.status = json(200, { status: "pending", message: "Still waiting." });
  upstream.answer.user = json(200, { id: "fi" });
  upstream.answer.charge = (res, req) => {
    const reply = (status: number, value: unknown, headers: Record<string, string> = {}) => json(status, value, headers)(res, req);
    const description = String(JSON.parse(req.body).description);
    posts.set(description, (posts.get(description) ?? 0) + 1);
    const n = Number(description.split("-").at(-1));
    const ref = `TXN-FI-${run}-${n}`;
    switch (faultOf(n)) {
      case "success":
        return reply(200, { status: "success", transaction_reference: ref, message: "Approved." });
      case "pending":
        return reply(200, { status: "pending", transaction_reference: ref, message: "Sent a prompt." });
      case "declined":
        return reply(200, { status: "failed", transaction_reference: ref, message: "Declined." });
      case "hang":
        return void setTimeout(() => res.destroy(), timeoutMs * 2);
      case "reset":
        return void res.socket?.destroy();
      case "error500":
        return reply(500, { error: { message: "Internal error" } });
      case "limited429":
        return reply(429, { error: { message: "Slow down" } }, { "Retry-After": "1" });
      case "garbage":
        return void res.writeHead(200, { "Content-Type": "text/html" }).end("<html>proxy error</html>");
      case "slowBody":
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"status":"succ');
        return void setTimeout(() => res.destroy(), timeoutMs * 2);
      case "rejected402":
        return reply(402, { error: { message: "Insufficient funds" } });
    }
  };
  return upstream;
}
