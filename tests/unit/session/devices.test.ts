// The browsers a member signs in from: the first one tells nobody, the same one again tells
// nobody, a new one writes session.new_device once (however many sign-ins race from it), with
// the device in words and no address; a cookie that is not ours counts as a new browser.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { events, memberDevices, user } from "@/lib/db/schema";
import { isDeviceWords, knownDevice } from "@/lib/http/user-agent";
import { namesFor, say } from "@/lib/notifications/present";
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

  test.each([
    ["a lure", "Your account is locked, call 0244123456 now"],
    ["HTML", '<a href="https://evil.example">Chrome</a> 124'],
    // A header cannot carry a real CR/LF (Node refuses it): these are the spellings that can arrive.
    ["CR/LF", "Chrome/124.0 %0D%0ASubject: Your account is locked \\r\\n"],
    ["a known name with a lure for a version", "Mozilla/5.0 (Windows NT 10.0) Firefox/call-0244123456"],
    [
      "a lure for an Android model",
      "Mozilla/5.0 (Linux; Android 14; CALL 0244123456 NOW) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36",
    ],
  ])("a User-Agent made of %s: the bell and the email say 'an unknown browser' or known names only", async (_name, ua) => {
    await rememberDevice(db(), "m1", headers());
    await rememberDevice(db(), "m1", new Headers({ "user-agent": ua }));
    const [e] = await told();
    const happened = { type: "session.new_device" as const, subjectId: "m1", data: e.data as Record<string, unknown> };
    const names = await namesFor(db(), [happened]);
    for (const channel of ["app", "email"] as const) {
      const { title } = say(happened, names, channel);
      expect(title).toMatch(/^New sign-in to your account: /);
      expect(title).not.toMatch(/call|locked|0244|<|evil|%0D|\\|\r|\n|Subject/i);
    }
    expect(JSON.stringify(e.data)).not.toMatch(/call|locked|0244|evil|Subject/i);
  });

  test("an event stored with free text before the names were checked is shown as an unknown browser", async () => {
    const happened = {
      type: "session.new_device" as const,
      subjectId: "m1",
      data: { memberId: "m1", device: "Chrome 124 on macOS call 0244123456" },
    };
    expect(say(happened, await namesFor(db(), [happened])).title).toBe("New sign-in to your account: an unknown browser");
  });
});

test.each([
  [
    "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Chrome 124 on Android 14",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Safari 17 on iPhone, iOS 17.4",
  ],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox 125 on Windows 10"],
  ["curl/8.5.0", null],
  ["", null],
])("known words for real browsers: %s", (ua, words) => {
  expect(knownDevice(ua)).toBe(words);
  if (words) expect(isDeviceWords(words)).toBe(true);
});
