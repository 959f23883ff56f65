// Settings → API keys through its route handlers, on each database: an owner makes a key (its secret
// shown once, kept as a digest, audited without it), lists and revokes keys; nobody else may; bad
// input names its field and makes nothing.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { API_KEY_PATTERN, MAX_API_KEYS } from "@/lib/api-keys/shape";
import { apiKeys, auditEvents } from "@/lib/db/schema";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "api-keys-password-0123456";
const json = { "content-type": "application/json" };

describe.each(backends)("API keys on $name", (backend) => {
  const app = useRouteHarness(backend);
  let owner: Client;
  let staff: Client;
  let support: Client;
  beforeAll(async () => {
    for (const role of ["owner", "staff", "support"] as const) await app.addMember(`${role}@keys.test`, role, PASSWORD);
    owner = (await app.signIn("owner@keys.test", PASSWORD)).client;
    staff = (await app.signIn("staff@keys.test", PASSWORD)).client;
    support = (await app.signIn("support@keys.test", PASSWORD)).client;
  });
  const make = (client: Client, body: unknown) => client.fetch("/api/api-keys", { method: "POST", body, headers: json });

  test("an owner makes a key: the key and its signing secret in that answer only, a digest kept, audited without either", async () => {
    const res = await make(owner, { name: "Web shop", scopes: ["pay_links:write", "events:read"] });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const shown = (await res.json()) as { key: { id: string; prefix: string; mode: string }; secret: string; signingSecret: string };
    expect(shown.secret).toMatch(new RegExp(`^${API_KEY_PATTERN.source}$`));
    expect(shown.secret.startsWith("mdk_test_")).toBe(true);
    expect(shown.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(shown.key).toMatchObject({ mode: "test", prefix: shown.secret.slice(0, 13) });

    const [row] = await app.db().select().from(apiKeys).where(eq(apiKeys.id, shown.key.id));
    expect(row.secretHash).toBe(createHash("sha256").update(shown.secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(shown.secret.slice(13));

    const listed = await (await owner.fetch("/api/api-keys")).text();
    expect(listed).toContain(shown.key.prefix);
    expect(listed).not.toContain(shown.secret.slice(13, 21));
    expect(listed).not.toContain(shown.signingSecret);

    const [entry] = await app.db().select().from(auditEvents).where(eq(auditEvents.action, "api_key_created"));
    expect(entry.detail).toEqual({ name: "Web shop", prefix: shown.key.prefix, scopes: ["pay_links:write", "events:read"], mode: "test" });
    expect(JSON.stringify(entry)).not.toContain(shown.secret.slice(13, 21));
  });

  test("staff and support may not list, make or revoke keys", async () => {
    const [k] = await app.db().select().from(apiKeys).limit(1);
    for (const client of [staff, support]) {
      expect((await client.fetch("/api/api-keys")).status).toBe(403);
      expect((await make(client, { name: "Mine", scopes: ["charges:read"] })).status).toBe(403);
      expect((await client.fetch(`/api/api-keys/${k.id}`, { method: "DELETE" })).status).toBe(403);
    }
    expect((await app.client().fetch("/api/api-keys")).status).toBe(401);
  });

  test("bad input is 422 naming the field, and makes nothing", async () => {
    const before = (await app.db().select().from(apiKeys)).length;
    const cases: [unknown, string][] = [
      [{ name: "", scopes: ["charges:read"] }, "name"],
      [{ name: "x".repeat(61), scopes: ["charges:read"] }, "name"],
      [{ name: "Tab\there", scopes: ["charges:read"] }, "name"],
      [{ name: "Shop", scopes: [] }, "scopes"],
      [{ name: "Shop", scopes: ["charges:write"] }, "scopes.0"],
      [{ name: "Shop", scopes: ["charges:read"], mode: "live" }, "mode"],
    ];
    for (const [body, field] of cases) {
      const res = await make(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect((await res.json()).error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect((await app.db().select().from(apiKeys)).length).toBe(before);
  });

  test("a revocation holds at once; revoking twice is 409, an unknown key 404", async () => {
    const shown = await (await make(owner, { name: "Short-lived", scopes: ["charges:read"] })).json();
    const headers = { authorization: `Bearer ${shown.secret}` };
    expect((await app.client().fetch("/api/v1/charges", { headers })).status).toBe(200);
    const revoked = await owner.fetch(`/api/api-keys/${shown.key.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).key.revokedAt).toEqual(expect.any(String));
    expect((await app.client().fetch("/api/v1/charges", { headers })).status).toBe(401);
    expect((await owner.fetch(`/api/api-keys/${shown.key.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await owner.fetch("/api/api-keys/3f2a6c1e-9b7d-4e21-8a55-0c6f1d2e3b4a", { method: "DELETE" })).status).toBe(404);
    const actions = (await app.db().select().from(auditEvents).where(eq(auditEvents.targetId, shown.key.id))).map((e) => e.action).sort();
    expect(actions).toEqual(["api_key_created", "api_key_revoked"]);
  });

  test(`at most ${MAX_API_KEYS} keys that are not revoked, however many are asked for at once`, async () => {
    const open = (await app.db().select().from(apiKeys)).filter((k) => !k.revokedAt).length;
    const answers = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 5 }, (_, i) => make(owner, { name: `k${i}`, scopes: ["charges:read"] })),
    );
    const made = answers.filter((r) => r.status === 201).length;
    expect(made).toBe(MAX_API_KEYS - open);
    for (const r of answers.filter((a) => a.status !== 201)) {
      expect(r.status).toBe(422);
      expect((await r.json()).error.fields).toHaveProperty(["name"]);
    }
  });
});
