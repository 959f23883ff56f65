// GET /api/backup through the route pipeline (the route harness: real Requests, sessions signed in
// through POST /api/session): the owner's only, after a recent proof, audited before the backup is
// taken (so the file holds its own entry); on PostgreSQL, refused as pg_dump's job.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { openBackup } from "@/lib/backup/format";
import { auditEvents, session } from "@/lib/db/schema";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "backup-password-0123";

describe.each(backends)("downloading a backup on $name", (backend) => {
  const app = useRouteHarness(backend);
  const clients = new Map<string, Client>();
  let ownerId = "";

  beforeAll(async () => {
    for (const role of ["owner", "staff", "support"] as const) {
      const id = await app.addMember(`${role}@backup.test`, role, PASSWORD);
      if (role === "owner") ownerId = id;
      clients.set(role, (await app.signIn(`${role}@backup.test`, PASSWORD)).client);
    }
  }, 60_000);

  const downloads = async () =>
    (await app.db().select().from(auditEvents).where(eq(auditEvents.action, "backup_downloaded"))).map((e) => ({
      actor: e.actorId,
      detail: e.detail,
    }));

  test("staff, support and no one signed in are refused, and nothing is audited", async () => {
    for (const [who, status] of [
      ["staff", 403],
      ["support", 403],
      ["anonymous", 401],
    ] as const) {
      const res = await (clients.get(who) ?? app.client()).fetch("/api/backup");
      expect(res.status, who).toBe(status);
      expect((await res.json()).error.code, who).toBe(status === 401 ? "unauthenticated" : "forbidden");
    }
    expect(await downloads()).toEqual([]);
  });

  test("the owner with a stale proof is asked to confirm it is them; with a recent one, gets the file, audited", async () => {
    const owner = clients.get("owner")!;
    const proof = (at: Date) => app.db().update(session).set({ provenAt: at }).where(eq(session.userId, ownerId));
    await proof(new Date(Date.now() - 60 * 60_000));
    const stale = await owner.fetch("/api/backup");
    expect(stale.status).toBe(403);
    expect((await stale.json()).error.code).toBe("reauth_required");
    expect(await downloads()).toEqual([]);

    await proof(new Date());
    const res = await owner.fetch("/api/backup");
    if (backend.name === "postgres") {
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: "backups_elsewhere", message: expect.stringContaining("pg_dump") });
      expect(await downloads()).toEqual([]);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="momo-backup-\d{8}T\d{9}Z\.backup"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { manifest } = await openBackup(Buffer.from(await res.arrayBuffer()));
    expect(await downloads()).toEqual([{ actor: ownerId, detail: { encrypted: false } }]);
    // Audited first: the file holds its own entry.
    expect(manifest.rows.audit_events).toBe((await app.db().select().from(auditEvents)).length);
  }, 60_000);
});
