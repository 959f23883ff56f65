// The simulated upstream: the contract of momo-charge-api.md, with our stated choices where it
// is silent (docs/user-guide.md, "The sandbox"). Plain Request → Response functions, served under
// app/sandbox/v1/… and called directly by unit tests.
import { RateLimiterRes } from "rate-limiter-flexible";
import { CURRENCIES, MAX_AMOUNT_MAJOR, exponentOf, type CurrencyCode } from "@/lib/money";
import { LOCAL_NUMBER, PROVIDER_IDS } from "@/lib/market/networks";
import { SETTLE_AFTER_MS, SLOW_ANSWER_MS } from "@/lib/market/test-numbers";
import { isDashboardCaller } from "./caller";
import { SANDBOX_API_KEY } from "./keys";
import { scenarioFor } from "./scenarios";
import { SANDBOX_RATE_LIMIT_PER_MINUTE, keepCharge, newReference, sandboxStore, type SandboxCaller, type SandboxCharge } from "./store";

const KNOWN_KEYS = new Set([SANDBOX_API_KEY]);

function error(status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return Response.json({ error: { code, message, ...extra } }, { status, headers });
}

/**
 * Bearer auth, then the per-key rate limit of the caller's own bucket: the dashboard's calls
 * (lib/sandbox/caller.ts) and everyone else's are counted apart. Returns the key and the
 * caller, or the response to send.
 */
async function admit(req: Request): Promise<{ key: string; caller: SandboxCaller } | { response: Response }> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!match) return { response: error(401, "unauthorized", "Missing Authorization: Bearer <API_KEY> header.") };
  const key = match[1];
  if (!KNOWN_KEYS.has(key)) return { response: error(401, "unauthorized", "Unknown API key.") };
  const caller: SandboxCaller = isDashboardCaller(req) ? "dashboard" : "other";
  try {
    await sandboxStore().limiters[caller].consume(key);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    return {
      response: error(
        429,
        "rate_limited",
        `More than ${SANDBOX_RATE_LIMIT_PER_MINUTE} requests in a minute. Retry in ${seconds} s.`,
        {},
        { "Retry-After": String(seconds) },
      ),
    };
  }
  return { key, caller };
}

function decimals(n: number): number {
  const text = String(n);
  if (text.includes("e")) return 99; // 1e-7 and the like: more precision than any currency
  return text.includes(".") ? text.split(".")[1].length : 0;
}

/** Checks the six fields; returns a message per wrong field (empty when all is well). */
function validate(body: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  const { amount, currency, phone_number, provider, vouchers, description } = body;
  if (typeof currency !== "string" || !(currency in CURRENCIES)) fields.currency = `must be one of ${Object.keys(CURRENCIES).join(", ")}`;
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) fields.amount = "must be a number greater than 0";
  else if (amount > MAX_AMOUNT_MAJOR) fields.amount = `must be at most ${MAX_AMOUNT_MAJOR}`;
  else if (!fields.currency && decimals(amount) > exponentOf(currency as CurrencyCode))
    fields.amount = `has too many decimal places for ${String(currency)}`;
  if (typeof phone_number !== "string" || !LOCAL_NUMBER.test(phone_number))
    fields.phone_number = "must be 10 digits in local form, e.g. 0241234567";
  if (typeof provider !== "string" || !(PROVIDER_IDS as readonly string[]).includes(provider))
    fields.provider = `must be one of ${PROVIDER_IDS.join(", ")}`;
  if (typeof vouchers !== "string") fields.vouchers = "must be a string (empty when there is no voucher)";
  else if (!/^[A-Za-z0-9]{0,32}$/.test(vouchers)) fields.vouchers = "must be up to 32 letters and digits";
  if (typeof description !== "string") fields.description = "must be a string";
  else if (description.length > 255) fields.description = "must be at most 255 characters";
  return fields;
}

function currentStatus(charge: SandboxCharge, now: number): { status: "success" | "pending" | "failed"; message: string } {
  if (charge.finalStatus) return { status: charge.finalStatus, message: charge.message };
  if (charge.scenario.kind === "ussd" && now - charge.createdAt >= SETTLE_AFTER_MS) {
    return { status: charge.scenario.settlesTo, message: charge.scenario.message };
  }
  return { status: "pending", message: charge.message };
}

// POST /v1/payments/momo/charge
export async function sandboxCharge(req: Request): Promise<Response> {
  const admitted = await admit(req);
  if ("response" in admitted) return admitted.response;
  if (!/^application\/json\b/i.test(req.headers.get("content-type") ?? "")) {
    return error(415, "unsupported_media_type", "Content-Type must be application/json.");
  }
  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    return error(400, "malformed_json", "The body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return error(400, "invalid_body", "The body must be a JSON object.");
  const fields = validate(body as Record<string, unknown>);
  if (Object.keys(fields).length) return error(422, "invalid_fields", `Invalid fields: ${Object.keys(fields).join(", ")}.`, { fields });

  const request = body as SandboxCharge["request"];
  const scenario = scenarioFor(request.phone_number);
  if (scenario.kind === "error") return error(500, "internal_error", "The sandbox simulated an internal error. Nothing was charged.");

  const store = sandboxStore();
  const charge: SandboxCharge = {
    reference: newReference(store),
    apiKey: admitted.key,
    scenario,
    createdAt: Date.now(),
    request: {
      amount: request.amount,
      currency: request.currency,
      phone_number: request.phone_number,
      provider: request.provider,
      vouchers: request.vouchers,
      description: request.description,
    },
    finalStatus: scenario.kind === "ussd" || scenario.kind === "unanswered" ? null : scenario.kind === "fail" ? "failed" : "success",
    message:
      scenario.kind === "ussd" || scenario.kind === "unanswered"
        ? "A USSD prompt was sent to the customer's phone to approve the charge."
        : scenario.kind === "fail"
          ? scenario.message
          : "The charge completed instantly and was auto-authorized.",
  };
  keepCharge(store, charge);

  // The money moves first; only the answer is late.
  if (scenario.kind === "slow") await new Promise((r) => setTimeout(r, SLOW_ANSWER_MS));
  const { status, message } = currentStatus(charge, Date.now());
  return Response.json({ status, transaction_reference: charge.reference, message }, { status: status === "pending" ? 202 : 200 });
}

// GET /v1/payments/momo/charge/{reference} — our assumed status lookup
export async function sandboxChargeStatus(req: Request, reference: string): Promise<Response> {
  const admitted = await admit(req);
  if ("response" in admitted) return admitted.response;
  const charge = sandboxStore().charges.get(reference);
  if (!charge || charge.apiKey !== admitted.key) return error(404, "not_found", `No charge ${reference}.`);
  const { status, message } = currentStatus(charge, Date.now());
  return Response.json({
    status,
    transaction_reference: charge.reference,
    message,
    amount: charge.request.amount,
    currency: charge.request.currency,
    phone_number: charge.request.phone_number,
    provider: charge.request.provider,
    created_at: new Date(charge.createdAt).toISOString(),
  });
}

// GET /v1/user
export async function sandboxUser(req: Request): Promise<Response> {
  const admitted = await admit(req);
  if ("response" in admitted) return admitted.response;
  // What is left in the caller's own bucket, not in the other one.
  const used = (await sandboxStore().limiters[admitted.caller].get(admitted.key))?.consumedPoints ?? 0;
  return Response.json({
    id: "usr_test_7Hq2Lx",
    business_name: "Sandbox Merchant Ltd",
    email: "payments@sandbox-merchant.test",
    phone_number: "0302000000",
    country: "GH",
    environment: "test",
    status: "active",
    default_currency: "GHS",
    providers: [...PROVIDER_IDS],
    balance: { available: 15230.5, pending: 120, currency: "GHS" },
    rate_limit: { requests_per_minute: SANDBOX_RATE_LIMIT_PER_MINUTE, remaining: Math.max(0, SANDBOX_RATE_LIMIT_PER_MINUTE - used) },
    created_at: "2025-03-14T09:26:53Z",
  });
}
