// A pay link emailed to its directory customer, through the route's own pipeline (origin check,
// parsing, errors) with the member the test names, the use case on a real database and a real SMTP
// server on loopback: the member's words arrive as written; every refusal names its reason; the
// audit entry holds neither the address nor the text.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { auditEvents, businessProfile, customers, paymentRequests, user } from "@/lib/db/schema";
import { type Mailer, mailerFor } from "@/lib/email/mailer";
import { publicOrigin } from "@/lib/http/origin";
import { idParams, pipeline } from "@/lib/http/route";
import { createPaymentRequest } from "@/lib/payment-requests/requests";
import { paymentRequestSchema, shareEmailSchema } from "@/lib/payment-requests/schema";
import { emailPayLink, SHARE_EMAIL_LIMITS, type SendText } from "@/lib/payment-requests/share-email";
import { SHARE_LINK_MISSING } from "@/lib/payment-requests/shape";
import type { Member } from "@/lib/access/types";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import { plantCharge } from "../support/ledger";
import { type SmtpSink, startSmtpSink } from "../../support/smtp-sink";
import { askerOf } from "../support/asker";

const HOST = "dash.test";
const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
const staff: Member = { id: "staff-1", email: "staff@example.test", name: "Staff", role: "staff" };
const support: Member = { id: "support-1", email: "support@example.test", name: "Support", role: "support" };
const ESI = "esi.mensah@example.test";

describe.each(backends)("a pay link emailed to its customer on $name", (backend) => {
  const db = useLedger(backend);
  let sink: SmtpSink;
  let mailer: Mailer;
  let send: SendText;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = mailerFor({ url: sink.url, from: "dashboard@example.test", appUrl: `http://${HOST}` });
    send = (to, subject, text) => mailer.sendText(to, subject, text);
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    await db().insert(businessProfile).values({ id: 1, name: "Adjoa's Fabrics", timeZone: "Africa/Accra" });
    await db()
      .insert(user)
      .values([owner, staff, support].map((m) => memberRow(m)));
  });

  /** The route as app/api/payment-requests/[id]/email/route.ts builds it, the member given by the test. */
  const handler = (member: Member, sender: SendText = send) =>
    pipeline<null, { member: Member }>(
      async () => ({ member }),
      async () => db(),
    )(null, { params: idParams("No payment request has this id."), body: shareEmailSchema }, async (ctx) =>
      emailPayLink(ctx, ctx.params.id, ctx.body, { origin: publicOrigin(ctx.req.headers), send: sender }),
    );
  const post = (member: Member, id: string, body: unknown, o: { headers?: Record<string, string>; sender?: SendText } = {}) =>
    handler(member, o.sender)(
      new Request(`http://${HOST}/api/payment-requests/${id}/email`, {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { host: HOST, "content-type": "application/json", ...o.headers },
      }),
      { params: Promise.resolve({ id }) },
    );

  /** A link for Esi (with an email address unless `email` is null), and its address. */
  async function link(email: string | null = ESI) {
    const [c] = await db()
      .insert(customers)
      .values({ name: "Esi Mensah", phoneNumber: `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`, provider: "mtn", email })
      .returning();
    const form = paymentRequestSchema.parse({ amount: "25.00", currency: "GHS", description: "Order 1042", customerId: c.id });
    const r = await createPaymentRequest(askerOf(db(), staff), form);
    const url = `${publicOrigin(new Headers({ host: HOST }))}${r.path}`;
    return { id: r.id, url, customerId: c.id, message: `Adjoa's Fabrics: GH₵25.00 for Order 1042.\nPay here: ${url} — Ɛsi & co #1` };
  }

  test("the member's words reach the customer as plain text; the audit entry names the customer, not the address or the text", async () => {
    const l = await link();
    const res = await post(staff, l.id, { message: `  ${l.message}  ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true, to: "Esi Mensah" });
    expect(sink.mails).toHaveLength(1);
    const [m] = sink.mails;
    expect(m).toMatchObject({ to: [ESI], subject: "Adjoa's Fabrics: payment link", html: "" });
    expect(m.from).toContain("dashboard@example.test");
    expect(m.text.trim()).toBe(l.message);
    const entries = await db().select().from(auditEvents).where(eq(auditEvents.action, "payment_request_emailed"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: staff.id, targetId: l.id, detail: { customerId: l.customerId } });
    expect(JSON.stringify(entries[0])).not.toMatch(/esi\.mensah|example\.test\/pay|Order 1042|Ɛsi/i);
  });

  test("bad input is refused naming the field, and nothing is sent", async () => {
    const l = await link();
    for (const [body, status] of [
      ["{not json", 400],
      [{}, 422],
      [{ message: "   " }, 422],
      [{ message: `${l.message}${"x".repeat(1_000)}` }, 422],
      [{ message: `${l.message}\u0000` }, 422],
    ] as const) {
      const res = await post(staff, l.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      if (status === 422) expect((await res.json()).error.fields).toHaveProperty("message");
    }
    expect((await post(staff, "not-an-id", { message: l.message })).status).toBe(404);
    expect(sink.mails).toHaveLength(0);
  });

  test("a text without the link's own address is refused: the route emails pay links, not any words", async () => {
    const l = await link();
    const other = await link("other@example.test");
    for (const message of ["Hello Esi, please call me.", other.message, l.message.replace(l.url, l.url.slice(0, -1))]) {
      const res = await post(staff, l.id, { message });
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields).toEqual({ message: SHARE_LINK_MISSING });
    }
    expect(sink.mails).toHaveLength(0);
  });

  test("support may not send one; another site's request is refused before anything is read", async () => {
    const l = await link();
    const refused = await post(support, l.id, { message: l.message });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    const cross = await post(owner, l.id, { message: l.message }, { headers: { origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.code).toBe("cross_origin");
    expect(sink.mails).toHaveLength(0);
  });

  test("a closed link (paid, paused, cancelled, expired), a customer without an address, or email off: nothing is sent", async () => {
    const paid = await link();
    await plantCharge(db(), { amountMinor: 2500, status: "success", paymentRequestId: paid.id, paymentSlot: 1 });
    const closed = [paid];
    for (const change of [{ state: "paused" as const }, { state: "cancelled" as const }, { expiresAt: new Date(Date.now() - 1_000) }]) {
      const l = await link();
      await db().update(paymentRequests).set(change).where(eq(paymentRequests.id, l.id));
      closed.push(l);
    }
    for (const l of closed) {
      const res = await post(owner, l.id, { message: l.message });
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe("request_state");
    }
    const none = await link(null);
    const noAddress = await post(owner, none.id, { message: none.message });
    expect(noAddress.status).toBe(409);
    expect((await noAddress.json()).error.code).toBe("share_email_unavailable");
    const l = await link();
    const off = await post(owner, l.id, { message: l.message }, { sender: null });
    expect((await off.json()).error.code).toBe("share_email_unavailable");
    expect(sink.mails).toHaveLength(0);
  });

  test(`at most ${SHARE_EMAIL_LIMITS.link} emails of one link an hour: then 429 with a wait, while another link still goes`, async () => {
    const l = await link();
    for (let i = 0; i < SHARE_EMAIL_LIMITS.link; i++) expect((await post(staff, l.id, { message: l.message })).status).toBe(200);
    const refused = await post(staff, l.id, { message: l.message });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe("too_many_attempts");
    const other = await link();
    expect((await post(staff, other.id, { message: other.message })).status).toBe(200);
    expect(sink.mails).toHaveLength(SHARE_EMAIL_LIMITS.link + 1);
  });

  test(`at most ${SHARE_EMAIL_LIMITS.member} emails by one member an hour, whichever links; another member still sends`, async () => {
    const links = await Promise.all(Array.from({ length: SHARE_EMAIL_LIMITS.member / SHARE_EMAIL_LIMITS.link + 1 }, () => link()));
    for (const l of links.slice(0, -1))
      for (let i = 0; i < SHARE_EMAIL_LIMITS.link; i++) expect((await post(staff, l.id, { message: l.message })).status).toBe(200);
    const last = links[links.length - 1];
    const refused = await post(staff, last.id, { message: last.message });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toContain(`${SHARE_EMAIL_LIMITS.member} links`);
    expect((await post(owner, last.id, { message: last.message })).status).toBe(200);
    expect(sink.mails).toHaveLength(SHARE_EMAIL_LIMITS.member + 1);
  });

  test("an SMTP server that refuses is 502, and the address is in no log line", async () => {
    const l = await link();
    const lines: string[] = [];
    const spied = [vi.spyOn(console, "error").mockImplementation(() => {}), vi.spyOn(console, "log").mockImplementation(() => {})];
    try {
      const res = await post(
        staff,
        l.id,
        { message: l.message },
        { sender: async (to) => Promise.reject(new Error(`550 no mailbox ${to}`)) },
      );
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe("email_failed");
    } finally {
      lines.push(...spied.flatMap((s) => s.mock.calls.map((c) => c.join(" "))));
      for (const s of spied) s.mockRestore();
    }
    expect(lines.join("")).toContain("pay_link_email_failed");
    expect(lines.join("")).not.toMatch(/esi\.mensah|Order 1042/);
  });
});
