// The members the sandbox server is seeded with (tests/e2e/support/serve.sh).
import { inRun } from "./ports";

export const E2E_PASSWORD = "e2e-password-0123";
export const ROLES = ["owner", "staff", "support"] as const;
export type E2eRole = (typeof ROLES)[number];
export const emailOf = (role: E2eRole) => `${role}@e2e.test`;
export const stateOf = (role: E2eRole) => inRun(`state/${role}.json`);

// The server with a configured (live-looking) key and a broken upstream: its owner is made by
// the first-run set-up in faulty-upstream.spec.ts.
export const FAULTY_API_KEY = "sk_live_e2e_not_a_real_key_51f0";
export const FAULTY_OWNER = { name: "Kofi Owner", email: "kofi@faulty.test", password: "kofi-owner-password" };
