// The session-signing secret made on first start and kept in the database.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getOrCreateSecret } from "@/lib/session/secret";
import { appSecrets } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";

describe.each(backends)("getOrCreateSecret on $name", (backend) => {
  const db = useLedger(backend);

  test("is long and random-looking", async () => {
    const secret = await getOrCreateSecret(db(), "better_auth");
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new Set(secret).size).toBeGreaterThan(10);
  });

  test("returns the same value on every later call", async () => {
    const first = await getOrCreateSecret(db(), "better_auth");
    expect(await getOrCreateSecret(db(), "better_auth")).toBe(first);
    expect(await getOrCreateSecret(db(), "better_auth")).toBe(first);
    const rows = await db().select().from(appSecrets).where(eq(appSecrets.name, "better_auth"));
    expect(rows).toHaveLength(1);
    expect(rows[0].value).toBe(first);
  });

  test("concurrent first calls (instances starting together) agree on one value", async () => {
    const values = await Promise.all(Array.from({ length: 8 }, () => getOrCreateSecret(db(), "better_auth")));
    expect(new Set(values).size).toBe(1);
    expect(await db().select().from(appSecrets)).toHaveLength(1);
  });

  test("each name has its own secret", async () => {
    const a = await getOrCreateSecret(db(), "better_auth");
    const b = await getOrCreateSecret(db(), "other");
    expect(a).not.toBe(b);
    expect(await getOrCreateSecret(db(), "other")).toBe(b);
  });

  test("a fresh database makes a new secret (not a fixed default)", async () => {
    const a = await getOrCreateSecret(db(), "better_auth");
    await db().delete(appSecrets);
    const b = await getOrCreateSecret(db(), "better_auth");
    expect(b).not.toBe(a);
  });
});
