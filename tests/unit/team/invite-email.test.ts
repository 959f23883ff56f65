// An invite's link by email, through a real SMTP server on loopback: to the invitee, with the link
// and the business's name; nothing when email is off; a server that refuses it is said, not thrown.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { businessProfile } from "@/lib/db/schema";
import { type Mailer, mailerFor } from "@/lib/email/mailer";
import { emailInvite } from "@/lib/team/invite-email";
import { backends, useLedger } from "../support/db";
import { type SmtpSink, startSmtpSink } from "../../support/smtp-sink";

const APP = "https://pay.example.test";
const invite = {
  email: "kwame@example.test",
  name: "Kwame",
  role: "support" as const,
  token: "tok_abc123",
  expiresAt: new Date("2026-11-29T10:00:00Z"),
};

describe.each(backends)("invites by email on $name", (backend) => {
  const db = useLedger(backend);
  let sink: SmtpSink;
  let mailer: Mailer;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailer = mailerFor({ url: sink.url, from: "dashboard@example.test", appUrl: APP });
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    await db().insert(businessProfile).values({ id: 1, name: "Adjoa's Fabrics", timeZone: "Africa/Accra" });
  });

  test("the invitee gets the link, who invited them, as what, until when", async () => {
    expect(await emailInvite(db(), invite, { name: "Abena" }, mailer.send)).toBe(true);
    const [m] = sink.mails;
    expect(m.to).toEqual(["kwame@example.test"]);
    expect(m.subject).toBe("Abena invited you to the Adjoa's Fabrics team on Momo Dashboard");
    expect(m.text).toContain(`${APP}/invite/tok_abc123`);
    expect(m.text).toContain("as Support");
    expect(m.text).toContain("29 Nov 2026");
  });

  test("email off: nothing sent (null); a refusing server: false, nothing thrown", async () => {
    expect(await emailInvite(db(), invite, { name: "Abena" }, null)).toBeNull();
    const down = mailerFor({ url: "smtp://127.0.0.1:9", from: "x@example.test", appUrl: APP });
    expect(await emailInvite(db(), invite, { name: "Abena" }, down.send)).toBe(false);
    down.close();
    expect(sink.mails).toEqual([]);
  });
});
