// The home page's "Waiting for you" (lib/home/waiting.ts) on each database: each count is what the
// member's role may settle, appears with its cause and is gone once the cause is dealt with; a
// maker never counts their own batch, an owner's own switch-off is not waiting, a banned or
// enrolled member is not to enrol.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { batches, charges, user, webhookEndpoints } from "@/lib/db/schema";
import { waitingFor } from "@/lib/home/waiting";
import { backends, useLedger } from "../support/db";
import { addCharge, addPaymentRequest, memberRow } from "../support/rows";

const owner: Member = { id: "owner-1", name: "Ama Owner", email: "ama@waiting.test", role: "owner" };
const owner2: Member = { id: "owner-2", name: "Kofi Owner", email: "kofi@waiting.test", role: "owner" };
const staff: Member = { id: "staff-1", name: "Esi Staff", email: "esi@waiting.test", role: "staff" };
const support: Member = { id: "support-1", name: "Yaw Support", email: "yaw@waiting.test", role: "support" };

const counts = (items: { key: string; count: number }[]) => Object.fromEntries(items.map((i) => [i.key, i.count]));

describe.each(backends)("what waits on the home page on $name", (backend) => {
  const db = useLedger(backend);

  test("each role counts only what it may settle; a zero is not shown; each clears with its cause", async () => {
    // Enrolled: both owners and support; staff's role does not require two-factor by default.
    await db()
      .insert(user)
      .values([owner, owner2, support, staff].map((m) => memberRow(m, { twoFactorEnabled: m.role !== "staff" })));
    expect(await waitingFor(db(), owner)).toEqual([]);

    const batch = { rowCount: 1, totals: { GHS: 100 } };
    const [mine, theirs] = await db()
      .insert(batches)
      .values([
        { ...batch, label: "owner-1's own", createdBy: owner.id },
        { ...batch, label: "staff's", createdBy: staff.id },
      ])
      .returning();
    await db()
      .insert(batches)
      .values({ ...batch, label: "done", createdBy: staff.id, status: "completed" });
    const unknown = await addCharge(db(), { status: "unknown", createdBy: staff.id });
    // A pending charge just made is not late yet; one an hour old is.
    await addCharge(db(), { status: "pending", createdBy: staff.id });
    const late = await addCharge(db(), { status: "pending", createdBy: staff.id, createdAt: sql`now() - interval '1 hour'` });
    const link = await addPaymentRequest(db(), { createdBy: staff.id });
    const other = await addPaymentRequest(db(), { createdBy: staff.id });
    // Two unknown attempts on one link count it once; a paid link is not waiting.
    await addCharge(db(), { status: "unknown", paymentRequestId: link.id });
    await addCharge(db(), { status: "unknown", paymentRequestId: link.id });
    await addCharge(db(), { status: "success", paymentRequestId: other.id });
    const endpoint = { url: "https://shop.example/hook", eventTypes: ["charge.succeeded"], secret: "whsec_x" };
    await db()
      .insert(webhookEndpoints)
      .values([
        { ...endpoint, disabledAt: new Date(), disabledReason: "failing" as const },
        { ...endpoint, disabledAt: new Date(), disabledReason: "owner" as const },
        endpoint,
      ]);
    await db()
      .insert(user)
      .values([
        memberRow({ id: "support-2", name: "New Support", email: "new@waiting.test", role: "support" }),
        memberRow({ id: "support-3", name: "Gone Support", email: "gone@waiting.test", role: "support" }, { banned: true }),
      ]);

    // The queue: 3 unknown charges and the late pending one.
    expect(counts(await waitingFor(db(), owner))).toEqual({ approvals: 1, queue: 4, payLinks: 1, webhooks: 1, enrol: 1 });
    expect(counts(await waitingFor(db(), owner2))).toEqual({ approvals: 2, queue: 4, payLinks: 1, webhooks: 1, enrol: 1 });
    expect(counts(await waitingFor(db(), support))).toEqual({ queue: 4, payLinks: 1 });
    expect(await waitingFor(db(), staff)).toEqual([]);
    // Each links to the page that shows them, and says what it is in words.
    expect(await waitingFor(db(), owner)).toEqual(
      expect.arrayContaining([
        { key: "approvals", count: 1, label: "1 bulk batch to approve", href: "/batches?status=awaiting_approval" },
        { key: "queue", count: 4, label: "4 charges to reconcile", href: "/reconcile" },
      ]),
    );

    // Dealt with, one by one.
    await db().update(batches).set({ status: "running", decidedBy: owner.id }).where(eq(batches.id, theirs.id));
    await db().update(batches).set({ status: "rejected", decidedBy: owner2.id }).where(eq(batches.id, mine.id));
    await db().update(charges).set({ status: "failed" }).where(eq(charges.paymentRequestId, link.id));
    await db().update(charges).set({ status: "success" }).where(eq(charges.id, unknown.id));
    await db().update(charges).set({ status: "failed" }).where(eq(charges.id, late.id));
    await db()
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null })
      .where(eq(webhookEndpoints.disabledReason, "failing"));
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, "support-2"));
    expect(await waitingFor(db(), owner)).toEqual([]);
    expect(await waitingFor(db(), support)).toEqual([]);
  });

  test("the roles that must enrol are the business's choice: with staff required, staff who have not enrolled count", async () => {
    await db()
      .insert(user)
      .values([memberRow(owner, { twoFactorEnabled: true }), memberRow(staff), memberRow(support)]);
    expect(counts(await waitingFor(db(), owner))).toEqual({ enrol: 1 });
    await db().execute(sql`insert into security_settings (id, two_factor_roles) values (1, '{staff}')`);
    expect(await waitingFor(db(), owner)).toEqual([
      { key: "enrol", count: 1, label: "1 member still to set up two-factor sign-in", href: "/team#two-factor" },
    ]);
    await db().execute(sql`update security_settings set two_factor_roles = '{}'`);
    expect(await waitingFor(db(), owner)).toEqual([]);
  });

  test("a sole owner counts their own batch (the default rule); with a second owner, only the other's", async () => {
    await db()
      .insert(user)
      .values([memberRow(owner, { twoFactorEnabled: true })]);
    await db()
      .insert(batches)
      .values({ rowCount: 1, totals: { GHS: 100 }, label: "mine", createdBy: owner.id });
    expect(counts(await waitingFor(db(), owner))).toEqual({ approvals: 1 });
    await db()
      .insert(user)
      .values(memberRow(owner2, { twoFactorEnabled: true }));
    expect(await waitingFor(db(), owner)).toEqual([]);
    expect(counts(await waitingFor(db(), owner2))).toEqual({ approvals: 1 });
    await db().execute(sql`insert into security_settings (id, batch_self_approval) values (1, 'always')`);
    expect(counts(await waitingFor(db(), owner))).toEqual({ approvals: 1 });
  });
});
