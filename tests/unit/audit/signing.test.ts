// Audit entries signed with a key the database does not hold (lib/audit/signing.ts): an entry
// the database's own role INSERTs is chained by the trigger like any other, and only its missing
// (or wrong) signature names it. Attacked as someone with the app's database access would.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { type ChainRow, rowHash } from "@/lib/audit/chain-hash";
import { verifyChain, verifyRows } from "@/lib/audit-log/chain";
import { auditSigningKey, existingKeyIn, KEY_FILE, keyFromFolder, signHash, signingKeyOf, verifyingKey } from "@/lib/audit/signing";
import { rowsOf } from "@/lib/db/open";
import { backends, useLedger } from "../support/db";
import { ids, writeRows } from "../support/audit-chain";

const KEY = auditSigningKey(); // vitest.config.ts sets AUDIT_SIGNING_KEY

describe.each(backends)("signed audit entries on $name", (backend) => {
  const db = useLedger(backend);

  test("every entry the dashboard writes is signed with the key, and verifies", async () => {
    await writeRows(db(), 4);
    const result = await verifyChain(db(), { key: KEY });
    expect(result).toMatchObject({ ok: true, checked: 4, signatures: { keyId: KEY.id, firstSignedId: 1, chainedOnly: 0 } });
    const rows = rowsOf<{ hash: string; key_id: string; signature: string }>(
      await db().execute(sql`select a.hash, s.key_id, s.signature from audit_events a join audit_signatures s on s.event_id = a.id`),
    );
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r).toEqual({ hash: r.hash, key_id: KEY.id, signature: signHash(KEY, r.hash) });
  });

  test("an entry INSERTed directly (the trigger chains it) is named by the signature check, not by the chain alone", async () => {
    await writeRows(db(), 3);
    await db().execute(
      sql`insert into audit_events (action, actor_email, target_id, detail) values ('charge_reconciled', 'forger@example.com', 'x', '{"status":"success"}')`,
    );
    const [, , last, forged] = await ids(db());
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 4 }); // the chain alone is fooled
    const result = await verifyChain(db(), { key: KEY });
    expect(result).toMatchObject({ ok: false, checked: 3, broken: { kind: "unsigned", id: forged }, verifiedUpTo: { id: last } });
    if (!result.ok) expect(result.broken.message).toContain(`entry #${forged} (“Charge resolved by hand”`);
  });

  test("a signature made up by the forger, or another key's, does not hold", async () => {
    await writeRows(db(), 2);
    await db().execute(sql`insert into audit_events (action) values ('sign_in')`);
    const [first, , forged] = await ids(db());
    const [{ hash }] = rowsOf<{ hash: string }>(await db().execute(sql`select hash from audit_events where id = ${forged}`));
    const other = signingKeyOf("a-key-the-forger-made-up-0123456789abcdef");
    await db().execute(
      sql`insert into audit_signatures (event_id, key_id, signature) values (${forged}, ${KEY.id}, ${signHash(other, hash)})`,
    );
    expect(await verifyChain(db(), { key: KEY })).toMatchObject({ ok: false, broken: { kind: "bad_signature", id: forged } });
    expect(await verifyChain(db(), { key: other })).toMatchObject({ ok: false, broken: { kind: "other_key", id: first } });
  });

  test("signatures are append-only: changing or removing one is refused", async () => {
    await writeRows(db(), 1);
    await expect(db().execute(sql`update audit_signatures set signature = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_signatures`)).rejects.toThrow();
    await expect(db().execute(sql`update audit_signing_start set first_signed_id = 1000`)).rejects.toThrow();
    await expect(db().execute(sql`insert into audit_signing_start (id, first_signed_id) values (1, 1000)`)).rejects.toThrow();
    expect(await verifyChain(db(), { key: KEY })).toMatchObject({ ok: true, checked: 1 });
  });
});

test("entries from before signing are counted as only hash-chained; a later unsigned one is not excused", async () => {
  const row = (id: number, prevHash: string | null): ChainRow => {
    const r = {
      id: String(id),
      at: "2026-01-01T00:00:00.000Z",
      action: "sign_in",
      actorId: null,
      actorEmail: null,
      targetId: null,
      detail: null,
      ip: null,
      prevHash,
    };
    return { ...r, atWholeMs: true, hash: rowHash(r) };
  };
  const a = row(1, null);
  const b = row(2, a.hash);
  const c = { ...row(3, b.hash) };
  const signed = { ...c, keyId: KEY.id, signature: signHash(KEY, c.hash!) };
  async function* rows(...list: ChainRow[]) {
    yield* list;
  }
  expect(await verifyRows(rows(a, b, signed), { key: KEY, firstSignedId: 3 })).toMatchObject({
    ok: true,
    checked: 3,
    signatures: { chainedOnly: 2, firstSignedId: 3 },
  });
  expect(await verifyRows(rows(a, b, c), { key: KEY, firstSignedId: 3 })).toMatchObject({ ok: false, broken: { kind: "unsigned", id: 3 } });
});

describe("the key", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "audit-key-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the embedded default makes one random key file, readable by its user only, and keeps it", () => {
    expect(existingKeyIn(dir)).toBeNull();
    const first = keyFromFolder(dir);
    expect(statSync(path.join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dir, KEY_FILE), "utf8").trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keyFromFolder(dir)).toEqual(first);
    expect(existingKeyIn(dir)).toEqual(first);
    expect(verifyingKey({ DATA_DIR: dir })).toEqual(first);
  });

  test("AUDIT_SIGNING_KEY wins; on PostgreSQL without it, a verification has no key and makes none", () => {
    expect(verifyingKey({ AUDIT_SIGNING_KEY: "k".repeat(32), DATA_DIR: dir })).toEqual(signingKeyOf("k".repeat(32)));
    expect(verifyingKey({ DATABASE_URL: "postgres://x", DATA_DIR: dir })).toBeNull();
  });

  test("with DATABASE_URL and no AUDIT_SIGNING_KEY, the server's environment check and the writer both refuse, naming it", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://x@127.0.0.1/none");
    vi.stubEnv("AUDIT_SIGNING_KEY", "");
    vi.resetModules();
    const { env } = await import("@/lib/env");
    expect(() => env()).toThrow(/AUDIT_SIGNING_KEY: AUDIT_SIGNING_KEY is required when DATABASE_URL is set/);
    const signing = await import("@/lib/audit/signing");
    expect(() => signing.auditSigningKey()).toThrow("AUDIT_SIGNING_KEY is required when DATABASE_URL is set");
    vi.stubEnv("AUDIT_SIGNING_KEY", "short");
    vi.resetModules();
    expect(() => env()).toThrow(/AUDIT_SIGNING_KEY must be at least 32 characters/);
  });
});
