// The browsers a member signs in from: the first one tells nobody, the same one again tells
// nobody, a new one writes session.new_device once (however many sign-ins race from it), with
// the device in words and no address; a cookie that is not ours counts as a new browser.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { events, memberDevices, user } from "@/lib/db/schema";
import { rememberDevice } from "@/lib/session/devices";
import { backends, useLedger } from "../support/db";

const CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const headers = (cookie?: string) => new Headers({ "user-agent": CHROME, ...(cookie ? { cookie } : {}) });
const cookieValueOf = (setCookie: string) => setCookie.split(";")[0].split("=")[1];

describe.each(backends)("new-browser sign-ins on $name", (backend) => {
  const db = useLedger(backend);
  beforeEach(async () => {
    await db().insert(user).values({ id: "m1", name: "Esi", email: "esi@example.test", role: "staff" });
  });
  const told = () => db().select().from(events).where(eq(events.type, "session.new_device"));

  test("first browser: nobody told; the same browser again: nobody told; another: told once, in words", async () => {
    const first = await rememberDevice(db(), "m1", headers());
    expect(first).toMatch(/^momo_device=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=34560000; HttpOnly; SameSite=Lax$/);
    await rememberDevice(db(), "m1", headers(`other=1; momo_device=${cookieValueOf(first)}`));
    expect(await told()).toEqual([]);
    const second = await rememberDevice(db(), "m1", headers());
    expect(cookieValueOf(second)).not.toBe(cookieValueOf(first));
    const [e] = await told();
    expect(e.subjectId).toBe("m1");
    expect(e.data).toMatchObject({ memberId: "m1", device: "Chrome 124 on macOS Catalina" });
    // The database keeps a digest, never the cookie.
    expect(JSON.stringify(await db().select().from(memberDevices))).not.toContain(cookieValueOf(second));
  });

  test("five sign-ins at once from one new browser: told once", async () => {
    await rememberDevice(db(), "m1", headers());
    const cookie = `momo_device=${"A".repeat(43)}`;
    await Promise.all(Array.from({ length: 5 }, () => rememberDevice(db(), "m1", headers(cookie))));
    expect(await told()).toHaveLength(1);
  });

  test("a cookie that is not ours (too short, odd characters) is a new browser with a new cookie", async () => {
    await rememberDevice(db(), "m1", headers());
    for (const bad of ["short", `${"A".repeat(42)}!`, "A".repeat(500)]) {
      const set = await rememberDevice(db(), "m1", headers(`momo_device=${bad}`));
      expect(cookieValueOf(set)).not.toBe(bad);
    }
    expect(await told()).toHaveLength(3);
  });
});
