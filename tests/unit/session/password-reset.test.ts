// A forgotten password's way back (lib/session/password-reset.ts), attacked on a real database with
// the real Better Auth: a link works once, lapses, dies when another reset is made, changes only its
// own account, is kept only as a digest; asking answers alike for members and strangers and never
// waits on the mail server; 50 asks for one address send at most 3 links; a reset ends every
// session and does not pass two-factor; owners' links are audited.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { verification } from "@/lib/db/schema";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import { makeResetLink, resetLinkOpen, resetWithLink } from "@/lib/session/password-reset";
import { askForReset, RESET_ASK_LIMITS } from "@/lib/session/reset-ask";
import {
  asProblem,
  auditRows,
  makeMember,
  PASSWORD,
  sessionCookie,
  sessionCount,
  statusOfError,
  TEST_SECRET,
  useAuth,
} from "../support/auth";
import { signInSetup } from "../support/sign-in";
import { enrolledMember } from "../support/two-factor";
import { askerOf, visitorOf, withAuth } from "../support/asker";
import { backends } from "../support/db";

const NEW_PASSWORD = "a brand new passphrase";

describe.each(backends)("password resets on $name", (backend) => {
  const { db, auth: plainAuth } = useAuth(backend);
  /** The links Better Auth handed to the sender, newest last. */
  let sent: { email: string; token: string }[] = [];
  let auth: () => Auth;
  beforeAll(() => {
    const withSender = createAuth({
      db: db(),
      secret: TEST_SECRET,
      sendResetPassword: (m, token) => void sent.push({ email: m.email, token }),
    });
    auth = () => withSender;
  });
  const visitor = (ip: string | null) => withAuth(visitorOf(db(), { ip }), auth());
  const ask = (email: string, ip: string | null = "203.0.113.70") => askForReset(visitor(ip), email, { emailOn: true });
  const reset = (token: string, password = NEW_PASSWORD) => resetWithLink(visitor("203.0.113.71"), token, password);
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: unknown) => statusOfError(e),
    );
  async function linkFor(email: string) {
    sent = [];
    await ask(email);
    expect(sent.map((s) => s.email)).toEqual([email]);
    return sent[0].token;
  }
  const canSignIn = async (email: string, password: string) =>
    (await status(plainAuth().api.signInEmail({ body: { email, password }, headers: new Headers() }))) === 200;

  test("a member's link sets a new password once; used again it is 410; the token is stored only as its digest", async () => {
    const m = await makeMember(plainAuth(), "ama@example.test", "staff");
    const token = await linkFor(m.email);
    expect(JSON.stringify(await db().select().from(verification))).not.toContain(token);
    expect(await resetLinkOpen(auth(), token)).toBe(true);
    await reset(token);
    expect(await canSignIn(m.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(m.email, PASSWORD)).toBe(false);
    expect(asProblem(await reset(token, "yet another passphrase").catch((e) => e))).toMatchObject({ status: 410, code: "reset_link_gone" });
    expect(await resetLinkOpen(auth(), token)).toBe(false);
    expect(await canSignIn(m.email, NEW_PASSWORD)).toBe(true);
    const audited = (await auditRows(db())).filter((r) => r.action === "password_reset");
    expect(audited).toMatchObject([{ targetId: m.id, ip: "203.0.113.71", detail: { by: "link" } }]);
  });

  test("twenty uses of one link at once: one password set, nineteen refused", async () => {
    const m = await makeMember(plainAuth(), "kwame@example.test", "staff");
    const token = await linkFor(m.email);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => status(reset(token, `${NEW_PASSWORD} ${i}`))));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(19);
  });

  test("after expiry, after another reset, and in any other shape the link is 410 and changes nothing", async () => {
    const m = await makeMember(plainAuth(), "esi@example.test", "support");
    const lapsed = await linkFor(m.email);
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verification.value, m.id));
    expect(await status(reset(lapsed))).toBe(410);
    const first = await linkFor(m.email);
    const second = await linkFor(m.email);
    await reset(second);
    expect(await status(reset(first, "an older link's password"))).toBe(410);
    for (const bad of ["", "x", "../../etc", `${second}x`, "A".repeat(200), "é".repeat(30)]) expect(await status(reset(bad))).toBe(410);
    expect(await canSignIn(m.email, NEW_PASSWORD)).toBe(true);
  });

  test("a link changes only its own account's password", async () => {
    const a = await makeMember(plainAuth(), "abena@example.test", "staff");
    const b = await makeMember(plainAuth(), "yaw@example.test", "owner");
    await reset(await linkFor(a.email));
    expect(await canSignIn(b.email, PASSWORD)).toBe(true);
    expect(await canSignIn(b.email, NEW_PASSWORD)).toBe(false);
  });

  test("a reset ends every session of the member, and does not pass two-factor", async () => {
    const m = await enrolledMember(plainAuth(), "owner2fa@example.test", "owner");
    const other = await makeMember(plainAuth(), "other@example.test", "staff");
    await sessionCookie(plainAuth(), other.email);
    const { attempt } = signInSetup(db(), plainAuth());
    expect(await attempt(PASSWORD, m.email)).toMatchObject({ twoFactor: true });
    const token = await linkFor(m.email);
    await reset(token);
    expect(await sessionCount(db(), m.id)).toBe(0);
    expect(await sessionCount(db(), other.id)).toBe(1);
    // The sign-in that waited for its code is gone too, and the new password still asks for one.
    expect(await db().select().from(verification).where(eq(verification.value, m.id))).toEqual([]);
    expect(await attempt(NEW_PASSWORD, m.email)).toMatchObject({ twoFactor: true, userId: null });
  });

  test("a stranger's address gets the same answer and no link; the mail server is never waited for", async () => {
    await makeMember(plainAuth(), "member@example.test", "staff");
    sent = [];
    expect(await ask("stranger@example.test")).toBeUndefined();
    expect(sent).toEqual([]);
    expect(await ask("member@example.test")).toBeUndefined();
    expect(sent).toHaveLength(1);
    // A sender that never finishes: the member's answer comes all the same.
    const stuck = createAuth({ db: db(), secret: TEST_SECRET, sendResetPassword: () => void new Promise(() => {}) });
    const answered = await Promise.race([
      askForReset(withAuth(visitorOf(db(), { ip: "198.51.100.9" }), stuck), "member@example.test", { emailOn: true }).then(
        () => "answered",
      ),
      new Promise((resolve) => setTimeout(() => resolve("waited"), 5_000)),
    ]);
    expect(answered).toBe("answered");
  });

  test("50 asks for one email at once send at most 3 links; 50 from one address for many emails, at most 10; the rest 429 alike", async () => {
    await makeMember(plainAuth(), "target@example.test", "owner");
    sent = [];
    const one = await Promise.all(Array.from({ length: 50 }, (_, i) => status(ask("target@example.test", `198.51.100.${i + 1}`))));
    expect(sent.length).toBeLessThanOrEqual(RESET_ASK_LIMITS.email.points);
    expect(one.filter((s) => s === 200)).toHaveLength(RESET_ASK_LIMITS.email.points);
    expect(one.filter((s) => s === 429)).toHaveLength(50 - RESET_ASK_LIMITS.email.points);
    // A stranger's address is limited the same way: a 429 says nothing of who is a member.
    const stranger = await Promise.all(Array.from({ length: 10 }, (_, i) => status(ask("nobody@example.test", `198.51.101.${i + 1}`))));
    expect(stranger.filter((s) => s === 429)).toHaveLength(10 - RESET_ASK_LIMITS.email.points);
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => status(ask(`guess${i}@example.test`, "203.0.113.99"))));
    expect(many.filter((s) => s === 200)).toHaveLength(RESET_ASK_LIMITS.address.points);
  });

  test("with email off, asking is 409 for everyone alike and makes no link", async () => {
    await makeMember(plainAuth(), "off@example.test", "staff");
    sent = [];
    for (const email of ["off@example.test", "nobody@example.test"]) {
      expect(asProblem(await askForReset(visitor(null), email, { emailOn: false }).catch((e) => e))).toMatchObject({
        status: 409,
        code: "reset_email_off",
      });
    }
    expect(sent).toEqual([]);
    expect(await db().select().from(verification)).toEqual([]);
  });

  test("an owner's link: for the member it names, audited, 24 hours, the same single use", async () => {
    const owner = await makeMember(plainAuth(), "owner@example.test", "owner");
    const m = await makeMember(plainAuth(), "forgot@example.test", "support");
    const asOwner = withAuth(askerOf(db(), owner, { ip: "203.0.113.5" }), auth());
    const made = await makeResetLink(asOwner, m.id);
    expect(made.path).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(made.expiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const token = made.path.split("/").pop() as string;
    expect(JSON.stringify(await db().select().from(verification))).not.toContain(token);
    await reset(token);
    expect(await canSignIn(m.email, NEW_PASSWORD)).toBe(true);
    expect(await status(reset(token))).toBe(410);
    const rows = await auditRows(db());
    expect(rows.find((r) => r.action === "password_reset_link_made")).toMatchObject({
      actorId: owner.id,
      targetId: m.id,
      ip: "203.0.113.5",
    });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await status(makeResetLink(asOwner, "00000000-0000-0000-0000-000000000000"))).toBe(404);
  });
});
