// Structured logs: one JSON line per event. Values that look like API keys are redacted in any
// encoding, and phone numbers are masked, so a key or a customer's number that slips into an
// error message still never reaches the log.
import { currentRequestId } from "@/lib/http/peer";
import { maskPhonesIn } from "@/lib/market/phone-mask";
import { configuredKey, scrubText } from "@/lib/momo/scrub";

type Level = "info" | "warn" | "error";

/** The text without the configured key (and `also`), Bearer tokens, or anything shaped like a key. */
export function redact(text: string, also?: string): string {
  return scrubText(text, [configuredKey(), also]);
}

/** Phone numbers masked to their first 3 and last 2 digits: `0241234567` → `024•••••67`. */
export function maskPhones(text: string): string {
  return maskPhonesIn(text);
}

// Masks values as they are serialised (so the line stays valid JSON): strings, property names,
// and a number that is a phone number written without its leading + or 0.
// An Error anywhere in a line is logged as errorDetail() says, so no caller can put a database
// error's parameters in the log by passing the error itself.
function maskValue(this: unknown, _key: string, value: unknown): unknown {
  if (value instanceof Error) return errorDetail(value);
  if (typeof value === "string") return maskPhones(value);
  if (typeof value === "number" && Number.isInteger(value)) {
    const masked = maskPhones(String(value));
    return masked === String(value) ? value : masked;
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskPhones(k), v]));
  }
  return value;
}

/** One line; written while a request is served, it carries that request's id (lib/http/request-id.ts). */
export function log(level: Level, event: string, detail: Record<string, unknown> = {}): void {
  const requestId = currentRequestId();
  const head = { time: new Date().toISOString(), level, event, ...(requestId ? { requestId } : {}) };
  const line = redact(JSON.stringify({ ...head, ...detail }, maskValue));
  (level === "error" ? console.error : console.log)(line);
}

type ErrorLike = {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  severity?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The error and up to 3 causes behind it. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (let e = error, n = 0; e && typeof e === "object" && n <= 3; e = (e as ErrorLike).cause, n++) out.push(e as ErrorLike);
  return out;
}

function nameOf(e: ErrorLike): string {
  const name = typeof e.name === "string" ? e.name : "Error";
  // Drizzle's DrizzleQueryError keeps the name "Error"; its class says more.
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  return name === "Error" && typeof ctor === "string" && ctor !== "Object" && ctor.length > 1 ? ctor : name;
}

/** The stack's frames only: V8 starts a stack with `name: message`, and a message may span lines. */
function frames(e: ErrorLike): string | undefined {
  if (typeof e.stack !== "string") return undefined;
  const message = typeof e.message === "string" ? e.message : "";
  const at = message ? e.stack.indexOf(message) : -1;
  const rest = at >= 0 ? e.stack.slice(at + message.length) : e.stack;
  return maskPhones(
    redact(
      rest
        .split("\n")
        .filter((l) => /^\s+at /.test(l))
        .join("\n"),
    ),
  );
}

/**
 * What a log line may say about an unexpected error, never the data it carries. A database error
 * (a SQLSTATE code anywhere in its causes, or Drizzle's wrapper, whose message lists the query's
 * parameters) gives its name, code, the SQL with `$n` placeholders and the stack frames: never
 * its message nor the driver's, which quote values (`invalid input syntax for type uuid: "…"`,
 * `Key (phone)=(…)`). Anything else gives its name and its message and frames, scrubbed.
 */
export function errorDetail(error: unknown): Record<string, unknown> {
  const errors = chain(error);
  const sqlState = errors.find(
    (e) => typeof e.code === "string" && SQLSTATE.test(e.code) && (typeof e.severity === "string" || !e.code.startsWith("E")),
  );
  const query = errors.find((e) => typeof e.query === "string" && "params" in e);
  if (sqlState || query) {
    const code = sqlState?.code ?? errors.map((e) => e.code).find((c) => typeof c === "string" && /^[A-Z0-9_]{1,40}$/.test(c)) ?? null;
    return { name: nameOf(errors[0]), code, query: query ? maskPhones(redact(String(query.query))) : null, stack: frames(errors[0]) };
  }
  if (errors.length === 0) return { name: typeof error, message: maskPhones(redact(String(error))) };
  const [e] = errors;
  const message = maskPhones(redact(typeof e.message === "string" ? e.message : String(error)));
  const cause =
    e.cause === undefined
      ? undefined
      : errors[1]
        ? { name: nameOf(errors[1]), message: maskPhones(redact(String(errors[1].message))) }
        : undefined;
  return { name: nameOf(e), message, stack: frames(e), ...(cause ? { cause } : {}) };
}
