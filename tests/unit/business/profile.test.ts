// The business profile on a real database (lib/business/profile.ts): defaults until saved, the
// time zone checked by Intl (the schema) and by PostgreSQL, the logo stored as bytes with a
// version that changes its address, and each change in the audit log.
import { beforeEach, describe, expect, test, vi } from "vitest";
import {
  getBusinessProfile,
  getLogo,
  PROFILE_CACHE_MS,
  recentBusinessProfile,
  removeLogo,
  saveBusinessProfile,
  saveLogo,
} from "@/lib/business/profile";
import type { Asker } from "@/lib/access/types";
import { businessSchema } from "@/lib/business/schema";
import { auditEvents, businessProfile } from "@/lib/db/schema";
import { DEFAULT_TIME_ZONE, formatDateTime, isTimeZone } from "@/lib/format";
import { askerOf } from "../support/asker";
import { apiError, makeMember, type TestMember, useAuth } from "../support/auth";
import { backends } from "../support/db";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("time zones", () => {
  test.each(["Africa/Accra", "UTC", "Europe/London", "America/Argentina/Salta", "Pacific/Auckland", "Asia/Kolkata"])(
    "%s is a time zone",
    (z) => expect(isTimeZone(z)).toBe(true),
  );
  test.each(["", "Mars/Olympus", "+01:00", "UTC+1", "Africa/Accra ", "../etc", "Africa/Accra\u0000", "a".repeat(200)])("%j is not", (z) =>
    expect(isTimeZone(z)).toBe(false),
  );

  test("dates are formatted in the zone asked for", () => {
    const iso = "2025-03-02T23:30:00Z";
    expect(formatDateTime(iso, "Africa/Accra")).toBe("2 Mar 2025, 23:30:00");
    expect(formatDateTime(iso, "Pacific/Auckland")).toBe("3 Mar 2025, 12:30:00");
    expect(formatDateTime(iso, "America/New_York")).toBe("2 Mar 2025, 18:30:00");
  });

  test("the form schema names each bad field", () => {
    const fields = (v: unknown) => {
      const r = businessSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    };
    expect(fields({ name: "  Ama's Shop  ", timeZone: "Africa/Accra" })).toEqual([]);
    expect(businessSchema.parse({ name: "  Ama's Shop  ", timeZone: "UTC" }).name).toBe("Ama's Shop");
    expect(fields({ name: "", timeZone: "UTC" })).toEqual([]); // no name: the header and receipts show none
    expect(fields({ name: "Shop\u0000", timeZone: "UTC" })).toEqual(["name"]);
    expect(fields({ name: "Shop\ud800", timeZone: "UTC" })).toEqual(["name"]);
    expect(fields({ name: "x".repeat(81), timeZone: "UTC" })).toEqual(["name"]);
    expect(fields({ name: "Shop", timeZone: "Mars/Olympus" })).toEqual(["timeZone"]);
    expect(fields({ name: "Shop" })).toEqual(["timeZone"]);
    // The contact for customers: optional, a phone a person can dial, an address that can be written to.
    const zone = { name: "Shop", timeZone: "UTC" };
    for (const contactPhone of ["", "030 123 4567", "+233 (30) 123-4567", "0241234567"]) {
      expect(fields({ ...zone, contactPhone }), contactPhone).toEqual([]);
    }
    for (const contactPhone of ["call me", "12345", "0".repeat(16), "030\n1234567", "030 123 4567 ext"]) {
      expect(fields({ ...zone, contactPhone }), contactPhone).toEqual(["contactPhone"]);
    }
    expect(businessSchema.parse({ ...zone, contactEmail: " Help@Shop.Example " }).contactEmail).toBe("help@shop.example");
    for (const contactEmail of ["help", "help@", "a b@shop.example", `${"x".repeat(250)}@shop.example`]) {
      expect(fields({ ...zone, contactEmail }), contactEmail).toEqual(["contactEmail"]);
    }
  });
});

describe.each(backends)("the business profile on $name", (backend) => {
  const { db, auth } = useAuth(backend);
  let actor: TestMember;
  let owner: Asker;
  beforeEach(async () => {
    actor = await makeMember(auth(), "ama@example.com", "owner");
    owner = askerOf(db(), { ...actor, name: "ama", role: "owner" });
  });

  test("before anything is saved: no name, no logo, Africa/Accra", async () => {
    expect(await getBusinessProfile(db())).toEqual({
      name: "",
      timeZone: DEFAULT_TIME_ZONE,
      logoUrl: null,
      contact: { phone: "", email: "" },
    });
    expect(await getLogo(db())).toBeNull();
  });

  test("saving the name and zone, twice: one row, the latest values, each change audited", async () => {
    await saveBusinessProfile(owner, { name: "Ama's Shop", timeZone: "Europe/London" });
    await saveBusinessProfile(owner, { name: "Ama & Sons", timeZone: "Pacific/Auckland" });
    expect(await getBusinessProfile(db())).toEqual({
      name: "Ama & Sons",
      timeZone: "Pacific/Auckland",
      logoUrl: null,
      contact: { phone: "", email: "" },
    });
    const rows = await db().select().from(auditEvents).orderBy(auditEvents.id);
    expect(rows.map((r) => [r.action, r.actorEmail, r.detail])).toEqual([
      ["business_profile_changed", actor.email, { name: "Ama's Shop", timeZone: "Europe/London" }],
      ["business_profile_changed", actor.email, { name: "Ama & Sons", timeZone: "Pacific/Auckland" }],
    ]);
  });

  test("the contact for customers is saved with the form, and a form without it leaves it as it was", async () => {
    await saveBusinessProfile(owner, {
      name: "Shop",
      timeZone: "UTC",
      contactPhone: "030 123 4567",
      contactEmail: "help@shop.example",
    });
    await saveBusinessProfile(owner, { name: "Shop 2", timeZone: "UTC" });
    expect((await getBusinessProfile(db())).contact).toEqual({ phone: "030 123 4567", email: "help@shop.example" });
    await saveBusinessProfile(owner, { name: "Shop 2", timeZone: "UTC", contactPhone: "", contactEmail: "" });
    expect((await getBusinessProfile(db())).contact).toEqual({ phone: "", email: "" });
    // The audit log says what changed, never the number or the address.
    const details = (await db().select().from(auditEvents).orderBy(auditEvents.id)).map((r) => r.detail);
    expect(details).toEqual([
      { name: "Shop", timeZone: "UTC", contactPhone: "changed", contactEmail: "changed" },
      { name: "Shop 2", timeZone: "UTC" },
      { name: "Shop 2", timeZone: "UTC", contactPhone: "removed", contactEmail: "removed" },
    ]);
  });

  test("pages read a recent copy: a save here shows at once, another instance's within PROFILE_CACHE_MS", async () => {
    await saveBusinessProfile(owner, { name: "Ama's Shop", timeZone: "UTC" });
    expect(await recentBusinessProfile(db())).toMatchObject({ name: "Ama's Shop" });
    // Another instance on the same database saves (its own process: only the row changes here).
    await db().update(businessProfile).set({ name: "Changed elsewhere" });
    expect(await recentBusinessProfile(db())).toMatchObject({ name: "Ama's Shop" });
    vi.useFakeTimers({ now: Date.now() + PROFILE_CACHE_MS + 1, toFake: ["Date"] });
    try {
      expect(await recentBusinessProfile(db())).toMatchObject({ name: "Changed elsewhere" });
    } finally {
      vi.useRealTimers();
    }
    // A save through this process, and a logo added and removed, each show on the next page.
    await saveBusinessProfile(owner, { name: "Ama & Sons", timeZone: "UTC" });
    expect(await recentBusinessProfile(db())).toMatchObject({ name: "Ama & Sons" });
    await saveLogo(owner, { bytes: PNG, type: "image/png", width: 1, height: 1 });
    expect(await recentBusinessProfile(db())).toMatchObject({ logoUrl: "/api/business/logo?v=1" });
    await removeLogo(owner);
    expect(await recentBusinessProfile(db())).toMatchObject({ logoUrl: null });
  });

  test("a zone the database does not know is refused naming the field, and nothing changes", async () => {
    await saveBusinessProfile(owner, { name: "Shop", timeZone: "UTC" });
    const error = await apiError(saveBusinessProfile(owner, { name: "Other", timeZone: "Mars/Olympus" }));
    expect(error).toMatchObject({ status: 422, fields: { timeZone: expect.any(String) } });
    expect(await getBusinessProfile(db())).toMatchObject({ name: "Shop", timeZone: "UTC" });
  });

  test("a logo is kept as bytes; each new one or removal moves the version in its address", async () => {
    await saveLogo(owner, { bytes: PNG, type: "image/png", width: 1, height: 1 });
    expect(await getBusinessProfile(db())).toEqual({
      name: "",
      timeZone: DEFAULT_TIME_ZONE,
      logoUrl: "/api/business/logo?v=1",
      contact: { phone: "", email: "" },
    });
    const stored = await getLogo(db());
    expect(stored).toMatchObject({ type: "image/png", version: 1 });
    expect(Buffer.compare(stored!.bytes, PNG)).toBe(0);

    await saveBusinessProfile(owner, { name: "Shop", timeZone: "UTC" }); // keeps the logo
    await saveLogo(owner, { bytes: PNG, type: "image/webp", width: 1, height: 1 });
    expect((await getBusinessProfile(db())).logoUrl).toBe("/api/business/logo?v=2");

    await removeLogo(owner);
    expect(await getBusinessProfile(db())).toEqual({ name: "Shop", timeZone: "UTC", logoUrl: null, contact: { phone: "", email: "" } });
    expect(await getLogo(db())).toBeNull();
    expect(await apiError(removeLogo(owner))).toMatchObject({ status: 404 });
    // A logo uploaded later never reuses an old address (a browser may still hold that one).
    await saveLogo(owner, { bytes: PNG, type: "image/png", width: 1, height: 1 });
    expect((await getBusinessProfile(db())).logoUrl).toBe("/api/business/logo?v=4");
    const actions = (await db().select().from(auditEvents).orderBy(auditEvents.id)).map((r) => r.action);
    expect(actions).toEqual([
      "business_logo_changed",
      "business_profile_changed",
      "business_logo_changed",
      "business_logo_removed",
      "business_logo_changed",
    ]);
  });
});
