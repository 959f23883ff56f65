// Building blocks for charge tests: a parsed ChargeInput, fresh idempotency keys, a client.
import { randomUUID } from "node:crypto";
import { chargeFormSchema, type ChargeFormValues, type ChargeInput } from "@/lib/charges/schema";
import { createMomoClient } from "@/lib/momo/client";
import { SANDBOX_API_KEY } from "@/lib/sandbox/keys";

/** A ChargeInput exactly as POST /api/charges would hand it over (parsed by the real schema). */
export function chargeInput(overrides: Partial<ChargeFormValues> = {}): ChargeInput {
  return chargeFormSchema.parse({
    amount: "25.50",
    currency: "GHS",
    phoneNumber: "0240000001",
    provider: "mtn",
    vouchers: "",
    description: "Unit test charge",
    ...overrides,
  });
}

export function newKey(): string {
  return `test-${randomUUID()}`;
}

export function clientFor(baseUrl: string, opts: { timeoutMs?: number; apiKey?: string } = {}) {
  return createMomoClient({ baseUrl, apiKey: opts.apiKey ?? SANDBOX_API_KEY, timeoutMs: opts.timeoutMs ?? 3_000, sandbox: false });
}
