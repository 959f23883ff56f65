// The dispatcher on a real database: each event becomes a notification for each member it
// concerns whose role may see it (never a deactivated member, never the member whose own action it
// was), with the email state each member chose, and a delivery for each endpoint listening for it;
// once, however many dispatchers run at once; the bell's queries show a member only their own.
import { eq, isNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "@/lib/db/open";
import { events, notifications, notificationSettings, user, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { dispatchEvents } from "@/lib/events/dispatch";
import { emitEvent } from "@/lib/events/emit";
import { listNotifications, markRead, unreadCount } from "@/lib/notifications/queries";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";
import { addPaymentRequest } from "../support/rows";

const MEMBERS = [
  { id: "owner-a", name: "Abena Owner", email: "abena@example.test", role: "owner" },
  { id: "owner-b", name: "Kofi Owner", email: "kofi@example.test", role: "owner" },
  { id: "staff-a", name: "Esi Staff", email: "esi@example.test", role: "staff" },
  { id: "support-a", name: "Yaw Support", email: "yaw@example.test", role: "support" },
  { id: "owner-gone", name: "Gone Owner", email: "gone@example.test", role: "owner", banned: true },
] as const;

async function team(db: Db) {
  await db.insert(user).values(MEMBERS.map((m) => ({ ...m })));
}

async function noticed(db: Db) {
  const rows = await db
    .select({ member: notifications.memberId, type: events.type, email: notifications.emailState })
    .from(notifications)
    .innerJoin(events, eq(events.id, notifications.eventId));
  return rows.map((r) => `${r.type} → ${r.member} (${r.email})`).sort();
}

describe.each(backends)("the dispatcher on $name", (backend) => {
  const db = useLedger(backend);

  test("each event reaches the members it concerns, by role; never a deactivated member or the maker", async () => {
    await team(db());
    await emitEvent(db(), "batch.awaiting_approval", "00000000-0000-4000-8000-000000000001", {
      batchId: "b",
      rows: 2,
      totals: { GHS: 500 },
      createdBy: "owner-a",
    });
    await emitEvent(db(), "batch.finished", "00000000-0000-4000-8000-000000000002", {
      batchId: "b",
      status: "completed",
      createdBy: "staff-a",
    });
    await emitEvent(db(), "charge.unknown", "00000000-0000-4000-8000-000000000003", {
      chargeId: "c",
      status: "unknown",
      amountMinor: 100,
      currency: "GHS",
    });
    await emitEvent(db(), "charge.succeeded", "00000000-0000-4000-8000-000000000004", { chargeId: "c", status: "success" });
    await emitEvent(db(), "session.new_device", "support-a", { memberId: "support-a", device: "Firefox 140 on Linux" });
    await emitEvent(db(), "member.two_factor_reset", "owner-gone", { memberId: "owner-gone", by: "owner-a" });
    const d = await dispatchEvents(db(), { emailOn: false });
    expect(d.events).toBe(6);
    expect(await noticed(db())).toEqual(
      [
        "batch.awaiting_approval → owner-b (none)", // owner-a made it; staff and support do not approve
        "batch.finished → staff-a (none)",
        "charge.unknown → owner-a (none)",
        "charge.unknown → owner-b (none)",
        "charge.unknown → support-a (none)",
        "session.new_device → support-a (none)",
      ].sort(),
    );
    // All dispatched: a second pass takes nothing and writes nothing.
    expect((await dispatchEvents(db(), { emailOn: false })).events).toBe(0);
    expect(await db().select().from(events).where(isNull(events.dispatchedAt))).toEqual([]);
  });

  test("a pay link paid reaches the member who made it", async () => {
    await team(db());
    const link = await addPaymentRequest(db(), { description: "Invoice 12", createdBy: "staff-a" });
    await emitEvent(db(), "payment_request.paid", link.id, {
      paymentRequestId: link.id,
      chargeId: "c",
      amountMinor: 500,
      currency: "GHS",
      reference: "R1",
    });
    await dispatchEvents(db(), { emailOn: true });
    expect(await noticed(db())).toEqual(["payment_request.paid → staff-a (digest)"]);
    const page = await listNotifications({ db: db(), member: { id: "staff-a", role: "staff" } });
    expect(page.items.map((i) => [i.title, i.detail, i.href])).toEqual([
      ["Pay link paid: Invoice 12", "GH₵5.00 · ref R1", `/pay-links/${link.id}`],
    ]);
  });

  test("email states follow each member's choice (and the kind's default); none at all while email is off", async () => {
    await team(db());
    await db()
      .insert(notificationSettings)
      .values({ memberId: "owner-b", email: { "charge.unknown": "instant" } });
    await db()
      .insert(notificationSettings)
      .values({ memberId: "support-a", email: { "charge.unknown": "off" } });
    await emitEvent(db(), "charge.unknown", "00000000-0000-4000-8000-000000000003", {
      chargeId: "c",
      status: "unknown",
      amountMinor: 100,
      currency: "GHS",
    });
    const d = await dispatchEvents(db(), { emailOn: true });
    expect(await noticed(db())).toEqual(
      ["charge.unknown → owner-a (digest)", "charge.unknown → owner-b (instant)", "charge.unknown → support-a (none)"].sort(),
    );
    expect(d.instantEmailIds).toHaveLength(1);
    await emitEvent(db(), "charge.unknown", "00000000-0000-4000-8000-000000000005", {
      chargeId: "c",
      status: "unknown",
      amountMinor: 100,
      currency: "GHS",
    });
    expect((await dispatchEvents(db(), { emailOn: false })).instantEmailIds).toEqual([]);
  });

  test("an event reaches each listening endpoint once, and no switched-off endpoint", async () => {
    await team(db());
    const [on] = await db()
      .insert(webhookEndpoints)
      .values({ url: "https://a.example/hook", eventTypes: ["charge.succeeded"], secret: "whsec_x" })
      .returning();
    await db()
      .insert(webhookEndpoints)
      .values({ url: "https://b.example/hook", eventTypes: ["charge.failed"], secret: "whsec_y" });
    await db()
      .insert(webhookEndpoints)
      .values({ url: "https://c.example/hook", eventTypes: ["charge.succeeded"], secret: "whsec_z", disabledAt: new Date() });
    await emitEvent(db(), "charge.succeeded", "00000000-0000-4000-8000-000000000004", { chargeId: "c", status: "success" });
    const d = await dispatchEvents(db(), { emailOn: false });
    const rows = await db().select().from(webhookDeliveries);
    expect(rows.map((r) => r.endpointId)).toEqual([on.id]);
    expect(d.deliveryIds).toEqual([rows[0].id]);
  });

  test("ten dispatchers at once over 60 events: each notification and delivery written once", async () => {
    await team(db());
    await db()
      .insert(webhookEndpoints)
      .values({ url: "https://a.example/hook", eventTypes: ["charge.unknown"], secret: "whsec_x" });
    for (let i = 0; i < 60; i++) {
      await emitEvent(db(), "charge.unknown", `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, {
        chargeId: "c",
        status: "unknown",
        amountMinor: 100,
        currency: "GHS",
      });
    }
    const runs = await Promise.all(Array.from({ length: 10 }, () => dispatchEvents(db(), { emailOn: false })));
    expect(runs.reduce((n, r) => n + r.events, 0)).toBe(60);
    expect(await db().$count(notifications)).toBe(180); // 2 owners (one deactivated) + support, 60 events
    expect(await db().$count(webhookDeliveries)).toBe(60);
  });

  test("the bell: a member sees only their own, only kinds their role may see now, and marks only their own read", async () => {
    await team(db());
    await emitEvent(db(), "batch.awaiting_approval", "00000000-0000-4000-8000-000000000001", {
      batchId: "b",
      rows: 2,
      totals: { GHS: 500 },
      createdBy: "staff-a",
    });
    await emitEvent(db(), "charge.unknown", "00000000-0000-4000-8000-000000000003", {
      chargeId: "c",
      status: "unknown",
      amountMinor: 100,
      currency: "GHS",
      provider: "mtn",
      reference: "TXN-1",
    });
    await dispatchEvents(db(), { emailOn: false });
    const a = { id: "owner-a", role: "owner" } as const;
    const [abena, kofi] = MEMBERS;
    expect(await unreadCount({ db: db(), member: a })).toBe(2);
    const page = await listNotifications({ db: db(), member: a });
    // (Two events written in one millisecond share a time: their order is then the ids'.)
    expect(page.items.map((i) => i.title).sort()).toEqual(["A charge's outcome is unknown", "Bulk batch “untitled” waits for approval"]);
    const unknown = page.items.find((i) => i.title === "A charge's outcome is unknown");
    expect(unknown?.detail).toBe("GH₵1.00 · MTN Mobile Money · ref TXN-1");
    // Another member's ids mark nothing of theirs; their own mark one.
    expect(await markRead(askerOf(db(), kofi), { ids: page.items.map((i) => i.id) })).toBe(0);
    expect(await markRead(askerOf(db(), abena), { ids: [unknown?.id ?? ""] })).toBe(1);
    expect(await unreadCount({ db: db(), member: a })).toBe(1);
    // Moved to staff: batches awaiting approval are no longer theirs to see.
    expect(await unreadCount({ db: db(), member: { id: "owner-a", role: "staff" } })).toBe(0);
    expect((await listNotifications({ db: db(), member: { id: "owner-a", role: "staff" } })).items).toEqual([]);
    expect(await markRead(askerOf(db(), abena), { all: true })).toBe(1);
    expect(await unreadCount({ db: db(), member: a })).toBe(0);
  });
});
