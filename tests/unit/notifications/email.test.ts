// Notifications by email, through nodemailer to a real SMTP server on loopback: what arrives, for
// whom, as each member chose (right away, a daily digest, or nothing); never a customer's number
// or a charge's description; a server that is down loses nothing; a digest goes once a day.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { businessProfile, notifications, notificationSettings, user } from "@/lib/db/schema";
import { dispatchEvents } from "@/lib/events/dispatch";
import { emitChargeOutcome, emitEvent } from "@/lib/events/emit";
import { type Mailer, mailerFor } from "@/lib/email/mailer";
import { sendDigests, sendInstantEmail } from "@/lib/notifications/email";
import { backends, useLedger } from "../support/db";
import { addCharge, addPaymentRequest } from "../support/rows";
import { type SmtpSink, startSmtpSink } from "../../support/smtp-sink";
import { countOf } from "../support/metrics";

const APP = "https://pay.example.test";
const MEMBERS = [
  { id: "owner-a", name: "Abena", email: "abena@example.test", role: "owner" },
  { id: "support-a", name: "Yaw", email: "yaw@example.test", role: "support" },
  { id: "staff-a", name: "Esi", email: "esi@example.test", role: "staff" },
];

describe.each(backends)("notifications by email on $name", (backend) => {
  const db = useLedger(backend);
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = mailerFor({ url: sink.url, from: "Momo Dashboard <dashboard@example.test>", appUrl: APP });
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    await db().insert(user).values(MEMBERS);
    await db().insert(businessProfile).values({ id: 1, name: "Adjoa's Fabrics", timeZone: "Africa/Accra" });
  });

  /** A charge that became unknown, with a number and a description the email must not carry. */
  async function unknownCharge(n: number) {
    const c = await addCharge(db(), {
      status: "unknown",
      amountMinor: 12_50 + n,
      description: "Rent for flat 4",
      reference: `TXN-MOMO-${n}`,
    });
    await emitChargeOutcome(db(), c, "submitting");
    return c;
  }
  const instantIds = async () => (await db().select().from(notifications).where(eq(notifications.emailState, "instant"))).map((r) => r.id);

  test("right away: one message to each member who chose it, with the words of the bell and a link; nothing twice", async () => {
    await db()
      .insert(notificationSettings)
      .values({ memberId: "owner-a", email: { "charge.unknown": "instant" } });
    await db()
      .insert(notificationSettings)
      .values({ memberId: "support-a", email: { "charge.unknown": "off" } });
    const c = await unknownCharge(1);
    const d = await dispatchEvents(db(), { emailOn: true });
    expect(d.instantEmailIds).toHaveLength(1);
    for (const id of d.instantEmailIds) await sendInstantEmail(db(), mailer.send, id);
    for (const id of d.instantEmailIds) await sendInstantEmail(db(), mailer.send, id); // a job run twice
    expect(sink.mails).toHaveLength(1);
    const [m] = sink.mails;
    expect(m.to).toEqual(["abena@example.test"]);
    expect(m.from).toBe('"Momo Dashboard" <dashboard@example.test>');
    expect(m.subject).toBe("A charge's outcome is unknown");
    expect(m.text).toContain("GH₵12.51 · MTN Mobile Money · ref TXN-MOMO-1");
    expect(m.text).toContain(`${APP}/transactions/${c.id}`);
    expect(m.text).toContain("Adjoa's Fabrics");
    expect(m.html).toContain(`href="${APP}/transactions/${c.id}"`);
    expect(m.html).toContain("Adjoa&#39;s Fabrics");
    // The customer's number (any spelling of it) and the description never leave in an email.
    for (const body of [m.text, m.html, m.subject]) expect(body).not.toMatch(/1234567|234 ?567|Rent for flat/);
    expect(await instantIds()).toEqual([]);
  });

  test("a pay link paid: its maker is emailed the amount and reference, never the link's description", async () => {
    await db()
      .insert(notificationSettings)
      .values({ memberId: "staff-a", email: { "payment_request.paid": "instant" } });
    const link = await addPaymentRequest(db(), { amountMinor: 80_00, description: "Braids for Akosua Mensah", createdBy: "staff-a" });
    await emitEvent(db(), "payment_request.paid", link.id, {
      paymentRequestId: link.id,
      chargeId: "c",
      amountMinor: 80_00,
      currency: "GHS",
      reference: "TXN-PAY-1",
    });
    const [id] = (await dispatchEvents(db(), { emailOn: true })).instantEmailIds;
    await sendInstantEmail(db(), mailer.send, id);
    const [m] = sink.mails;
    expect([m.to[0], m.subject]).toEqual(["esi@example.test", "A pay link you made was paid"]);
    expect(m.text).toContain("GH₵80.00 · ref TXN-PAY-1");
    expect(m.text).toContain(`${APP}/pay-links/${link.id}`);
    expect(`${m.subject}${m.text}${m.html}`).not.toContain("Akosua");
  });

  test("an SMTP server that is down loses nothing: the email stays due and goes once the server is back", async () => {
    await db()
      .insert(notificationSettings)
      .values({ memberId: "owner-a", email: { "charge.unknown": "instant" } });
    await unknownCharge(2);
    const [id] = (await dispatchEvents(db(), { emailOn: true })).instantEmailIds;
    const counted = async () => [
      await countOf("momo_emails_total", { outcome: "failed" }),
      await countOf("momo_emails_total", { outcome: "sent" }),
    ];
    const before = await counted();
    const down = mailerFor({ url: "smtp://127.0.0.1:9", from: "x@example.test", appUrl: APP });
    await expect(sendInstantEmail(db(), down.send, id)).rejects.toThrow();
    down.close();
    expect(await instantIds()).toEqual([id]);
    await sendInstantEmail(db(), mailer.send, id);
    expect(sink.mails.map((m) => m.to[0])).toEqual(["abena@example.test"]);
    // One refused, then one sent (momo_emails_total).
    expect((await counted()).map((n, i) => n - before[i])).toEqual([1, 1]);
  });

  test("email switched off after an email was due: it is not sent, now or later", async () => {
    await db()
      .insert(notificationSettings)
      .values({ memberId: "owner-a", email: { "charge.unknown": "instant" } });
    await unknownCharge(6);
    const [id] = (await dispatchEvents(db(), { emailOn: true })).instantEmailIds;
    await sendInstantEmail(db(), null, id);
    await sendInstantEmail(db(), mailer.send, id);
    expect(sink.mails).toEqual([]);
    expect(await instantIds()).toEqual([]);
  });

  test("a member whose role no longer sees the kind gets no email for it", async () => {
    await db()
      .insert(notificationSettings)
      .values({ memberId: "support-a", email: { "charge.unknown": "instant" } });
    await unknownCharge(3);
    const [id] = (await dispatchEvents(db(), { emailOn: true })).instantEmailIds;
    await db().update(user).set({ role: "staff" }).where(eq(user.id, "support-a"));
    await sendInstantEmail(db(), mailer.send, id);
    expect(sink.mails).toEqual([]);
    expect(await instantIds()).toEqual([]);
  });

  test("the daily digest: one message per member at the digest hour, listing what waited; once a day, even from two senders at once", async () => {
    // Both owner-a and support-a get charge.unknown as a daily digest by default.
    await unknownCharge(4);
    await unknownCharge(5);
    await dispatchEvents(db(), { emailOn: true });
    // The next 08:00 in Accra (UTC+0) after now, and an hour before it.
    const mark = new Date();
    mark.setUTCHours(8, 0, 0, 0);
    if (mark.getTime() <= Date.now()) mark.setUTCDate(mark.getUTCDate() + 1);
    const before = new Date(mark.getTime() - 3_600_000);
    const after = new Date(mark.getTime() + 5 * 60_000);
    // Before the hour: each member's clock is set to the last digest hour, and nothing goes.
    expect(await sendDigests(db(), mailer.send, { hour: 8, now: before })).toBe(0);
    expect(sink.mails).toEqual([]);
    const sent = await Promise.all([
      sendDigests(db(), mailer.send, { hour: 8, now: after }),
      sendDigests(db(), mailer.send, { hour: 8, now: after }),
    ]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(["abena@example.test", "yaw@example.test"]);
    const [m] = sink.mails;
    expect(m.subject).toBe("Your daily digest: 2 notifications");
    expect(m.text).toContain("ref TXN-MOMO-4");
    expect(m.text).toContain("ref TXN-MOMO-5");
    expect(m.text).toContain(`${APP}/notifications`);
    expect(m.text).not.toMatch(/1234567|Rent for flat/);
    // The same day again: nothing more.
    expect(await sendDigests(db(), mailer.send, { hour: 8, now: new Date(after.getTime() + 3_600_000) })).toBe(0);
    expect(sink.mails).toHaveLength(2);
  });
});
