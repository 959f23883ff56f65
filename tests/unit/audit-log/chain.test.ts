// The audit log's hash chain, verified in TypeScript (lib/audit-log/chain.ts) against what the
// database's trigger wrote, and attacked as someone with database access would: a changed field,
// a removed entry (middle, start and tail), a forged insertion, two entries swapped.
import { describe, expect, test } from "vitest";
import { verifyChain } from "@/lib/audit-log/chain";
import { rowHash } from "@/lib/audit/chain-hash";
import { backends, useLedger } from "../support/db";
import { dbHashes, ids, tamper, writeRows } from "../support/audit-chain";

describe("rowHash", () => {
  test("length-prefixes each field, so moving text between fields changes the hash", () => {
    const base = { id: "1", at: "2026-01-01T00:00:00.000Z", action: "sign_in", actorId: "a|b", actorEmail: null, targetId: null };
    const rest = { detail: null, ip: null, prevHash: null };
    expect(rowHash({ ...base, ...rest })).not.toBe(rowHash({ ...base, actorId: "a", actorEmail: "b", ...rest }));
    expect(rowHash({ ...base, ...rest })).not.toBe(rowHash({ ...base, ...rest, ip: "" }));
    expect(rowHash({ ...base, ...rest })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(backends)("the audit chain on $name", (backend) => {
  const db = useLedger(backend);

  test("an empty log verifies, with no head", async () => {
    expect(await verifyChain(db())).toEqual({
      ok: true,
      checked: 0,
      head: null,
      signatures: { keyId: null, firstSignedId: 1, chainedOnly: 0 },
    });
  });

  test("rows written by audit() verify across batches; the TypeScript hash agrees with the database's", async () => {
    await writeRows(db(), 25);
    const all = await ids(db());
    const result = await verifyChain(db(), { batch: 7 });
    expect(result).toMatchObject({ ok: true, checked: 25, head: { id: all[24] } });
    const hashes = await dbHashes(db());
    for (const h of hashes) expect(h.computed).toBe(h.hash);
    if (result.ok) expect(result.head?.hash).toBe(hashes[24].hash);
  });

  test.each([
    ["detail", "update audit_events set detail = jsonb_set(detail, '{i}', '99') where id = $ID"],
    ["action", "update audit_events set action = 'sign_out' where id = $ID"],
    ["at", "update audit_events set at = at - interval '1 hour' where id = $ID"],
    ["at below the millisecond", "update audit_events set at = at + interval '1 microsecond' where id = $ID"],
    ["actor", "update audit_events set actor_id = 'someone-else', actor_email = 'x@example.com' where id = $ID"],
    ["address", "update audit_events set ip = null where id = $ID"],
  ])("a changed %s names that entry as changed", async (_field, statement) => {
    await writeRows(db(), 6);
    const target = (await ids(db()))[3];
    await tamper(db(), statement.replace("$ID", String(target)));
    const result = await verifyChain(db(), { batch: 2 });
    expect(result).toMatchObject({ ok: false, checked: 3, broken: { kind: "changed", id: target } });
    if (!result.ok) expect(result.broken.message).toContain(`entry #${target} (“`);
  });

  test("a changed entry whose hash was recomputed is caught at the next entry", async () => {
    await writeRows(db(), 5);
    const [, , target, next] = await ids(db());
    await tamper(db(), `update audit_events set action = 'sign_out' where id = ${target}`);
    await tamper(db(), `update audit_events set hash = audit_event_hash(audit_events) where id = ${target}`);
    const result = await verifyChain(db());
    expect(result).toMatchObject({ ok: false, checked: 3, broken: { kind: "unlinked", id: next }, verifiedUpTo: { id: target } });
    if (!result.ok) expect(result.broken.message).toContain(`rewritten together with its hash`);
  });

  test("a removed middle entry is named by the entry that no longer follows", async () => {
    await writeRows(db(), 5);
    const [, a, removed, c] = await ids(db());
    await tamper(db(), `delete from audit_events where id = ${removed}`);
    const result = await verifyChain(db());
    expect(result).toMatchObject({ ok: false, checked: 2, verifiedUpTo: { id: a }, broken: { kind: "unlinked", id: c } });
    if (!result.ok) expect(result.broken.message).toContain(`does not follow entry #${a}: an entry between them was removed`);
  });

  test("removed first entries are named", async () => {
    await writeRows(db(), 4);
    const [first, second] = await ids(db());
    await tamper(db(), `delete from audit_events where id = ${first}`);
    expect(await verifyChain(db())).toMatchObject({
      ok: false,
      checked: 0,
      verifiedUpTo: null,
      broken: { kind: "removed_before", id: second },
    });
  });

  test("a removed tail is caught only against a noted head, which a later entry does not disturb", async () => {
    await writeRows(db(), 4);
    const noted = await verifyChain(db());
    if (!noted.ok || !noted.head) throw new Error("expected a verified chain");
    await writeRows(db(), 1);
    expect(await verifyChain(db(), { expectHead: noted.head.hash })).toMatchObject({ ok: true, checked: 5 });
    await tamper(db(), `delete from audit_events where id >= ${noted.head.id}`);
    // The shorter chain is whole in itself...
    expect(await verifyChain(db())).toMatchObject({ ok: true, checked: 3 });
    // ...and the noted head is how its missing end is found.
    const result = await verifyChain(db(), { expectHead: noted.head.hash });
    expect(result).toMatchObject({ ok: false, checked: 3, broken: { kind: "head_missing", id: null } });
  });

  test("a forged entry with a made-up hash does not belong to the chain", async () => {
    await writeRows(db(), 4);
    const [, second] = await ids(db());
    await tamper(
      db(),
      `insert into audit_events (id, at, action, actor_email, prev_hash, hash) overriding system value
         values (${second} + 1000000, now(), 'member_added', 'mallory@example.com', 'ab', repeat('0', 64))`,
    );
    expect(await verifyChain(db())).toMatchObject({ ok: false, checked: 4, broken: { kind: "forged", id: second + 1_000_000 } });
  });

  test("a forged entry hashed and linked correctly is named as inserted by the entry after it", async () => {
    await writeRows(db(), 4);
    const [first, second, third] = await ids(db());
    // A free id between the two, chained to the first exactly as the trigger would chain it.
    const forged = second + 1;
    expect(third).toBeGreaterThan(forged);
    await tamper(
      db(),
      `insert into audit_events (id, at, action, actor_email, prev_hash) overriding system value
         values (${forged}, date_trunc('milliseconds', now()), 'member_added', 'mallory@example.com', (select hash from audit_events where id = ${second}))`,
      `update audit_events set hash = audit_event_hash(audit_events) where id = ${forged}`,
    );
    const result = await verifyChain(db());
    expect(result).toMatchObject({ ok: false, checked: 2, verifiedUpTo: { id: second }, broken: { kind: "inserted", id: forged } });
    expect(first).toBeLessThan(second);
  });

  test("an entry without a hash was written around the chain", async () => {
    await writeRows(db(), 2);
    await tamper(db(), "insert into audit_events (action, actor_email) values ('member_added', 'mallory@example.com')");
    expect(await verifyChain(db())).toMatchObject({ ok: false, checked: 2, broken: { kind: "unhashed" } });
  });

  test("two entries swapped (content exchanged between their ids) are caught at the first", async () => {
    await writeRows(db(), 5);
    const [, a, b] = await ids(db());
    const columns = ["at", "action", "actor_id", "actor_email", "target_id", "detail", "ip", "prev_hash", "hash"];
    await tamper(
      db(),
      `update audit_events x set ${columns.map((c) => `${c} = y.${c}`).join(", ")}
         from audit_events y where (x.id, y.id) in ((${a}, ${b}), (${b}, ${a}))`,
    );
    expect(await verifyChain(db())).toMatchObject({ ok: false, checked: 1, broken: { kind: "forged", id: a } });
  });
});
