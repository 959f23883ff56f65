// The members the sandbox server is seeded with (tests/e2e/support/serve.sh).
export const E2E_PASSWORD = "e2e-password-0123";
export const ROLES = ["owner", "staff", "support"] as const;
export type E2eRole = (typeof ROLES)[number];
export const emailOf = (role: E2eRole) => `${role}@e2e.test`;
export const stateOf = (role: E2eRole) => `.e2e/state/${role}.json`;
