// The business profile: one row (id 1), read by every page (header, dates) and written by the
// owner. Until the owner saves one, the defaults hold: no name, no logo, Africa/Accra.
import { eq, sql } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { businessProfile } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { audit } from "@/lib/audit";
import { DEFAULT_TIME_ZONE } from "@/lib/format";
import type { LogoType } from "./logo";

export type BusinessProfile = {
  name: string;
  timeZone: string;
  logoUrl: string | null;
  /** How a customer reaches the business about a payment: "" for none. */
  contact: { phone: string; email: string };
};

/** Where the logo is served; the version in the address lets browsers keep it for good. */
export const logoUrl = (version: number) => `/api/business/logo?v=${version}`;

export async function getBusinessProfile(db: Db): Promise<BusinessProfile> {
  const [row] = await db
    .select({
      name: businessProfile.name,
      timeZone: businessProfile.timeZone,
      phone: businessProfile.contactPhone,
      email: businessProfile.contactEmail,
      logoType: businessProfile.logoType,
      v: businessProfile.logoVersion,
    })
    .from(businessProfile)
    .where(eq(businessProfile.id, 1));
  if (!row) return { name: "", timeZone: DEFAULT_TIME_ZONE, logoUrl: null, contact: { phone: "", email: "" } };
  return {
    name: row.name,
    timeZone: row.timeZone,
    logoUrl: row.logoType ? logoUrl(row.v) : null,
    contact: { phone: row.phone, email: row.email },
  };
}

/**
 * How long this process shows the profile it last read. Every page shows it, and it changes a
 * few times a year: read once per PROFILE_CACHE_MS rather than once per page. A save made
 * through this process shows at once (it forgets the copy); one made through another instance
 * on the same database shows here within PROFILE_CACHE_MS.
 */
export const PROFILE_CACHE_MS = 5_000;

type Copy = { until: number; profile: Promise<BusinessProfile> };
// On globalThis: one copy per process, whichever route bundle reads or saves (docs/architecture.md, "Process-wide state").
const COPIES = Symbol.for("momo-dashboard.business-profile");
function copies(): WeakMap<Db, Copy> {
  const g = globalThis as { [COPIES]?: WeakMap<Db, Copy> };
  g[COPIES] ??= new WeakMap();
  return g[COPIES];
}

/** The profile as this process read it at most PROFILE_CACHE_MS ago (lib/business/current.ts). */
export function recentBusinessProfile(db: Db): Promise<BusinessProfile> {
  const now = Date.now();
  const copy = copies().get(db);
  if (copy && copy.until > now) return copy.profile;
  const profile = getBusinessProfile(db);
  copies().set(db, { until: now + PROFILE_CACHE_MS, profile });
  // A failed read is not kept: the next page asks again.
  profile.catch(() => copies().delete(db));
  return profile;
}

/** After a save (or a database emptied under the same handle): this process's next page reads the profile afresh. */
export function forgetProfile(db: Db): void {
  copies().delete(db);
}

type ProfileInput = { name: string; timeZone: string; contactPhone?: string; contactEmail?: string };

/** Saves the profile's form; a contact field left out of `input` stays as it was. */
export async function saveBusinessProfile({ db, member }: Asker, input: ProfileInput): Promise<void> {
  // Intl knew the zone (the schema); PostgreSQL must too, as Insights counts days in it there.
  try {
    await db.execute(sql`select now() at time zone ${input.timeZone}`);
  } catch {
    throw new AppError("invalid_request", "Some fields need attention.", {
      fields: { timeZone: "This time zone is not known to the database" },
    });
  }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ phone: businessProfile.contactPhone, email: businessProfile.contactEmail })
      .from(businessProfile)
      .where(eq(businessProfile.id, 1));
    const contact = {
      ...(input.contactPhone === undefined ? {} : { contactPhone: input.contactPhone }),
      ...(input.contactEmail === undefined ? {} : { contactEmail: input.contactEmail }),
    };
    const set = { name: input.name, timeZone: input.timeZone, ...contact, updatedBy: member.id };
    await tx
      .insert(businessProfile)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: businessProfile.id, set: { ...set, updatedAt: sql`now()` } });
    // The contact's change, not its value: the audit log holds no phone number (tests/e2e/log-scan.spec.ts).
    const detail: Record<string, string> = { name: input.name, timeZone: input.timeZone };
    for (const [key, now, was] of [
      ["contactPhone", input.contactPhone, before?.phone ?? ""],
      ["contactEmail", input.contactEmail, before?.email ?? ""],
    ] as const) {
      if (now !== undefined && now !== was) detail[key] = now ? "changed" : "removed";
    }
    await audit(tx, { action: "business_profile_changed", actor: member, detail });
  });
  forgetProfile(db);
}

export async function saveLogo({ db, member }: Asker, logo: { bytes: Uint8Array; type: LogoType; width: number; height: number }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(businessProfile)
      .values({ id: 1, logo: Buffer.from(logo.bytes), logoType: logo.type, logoVersion: 1, updatedBy: member.id })
      .onConflictDoUpdate({
        target: businessProfile.id,
        set: {
          logo: Buffer.from(logo.bytes),
          logoType: logo.type,
          logoVersion: sql`${businessProfile.logoVersion} + 1`,
          updatedBy: member.id,
          updatedAt: sql`now()`,
        },
      });
    await audit(tx, {
      action: "business_logo_changed",
      actor: member,
      detail: { type: logo.type, bytes: logo.bytes.length, width: logo.width, height: logo.height },
    });
  });
  forgetProfile(db);
}

export async function removeLogo({ db, member }: Asker): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(businessProfile)
      .set({
        logo: null,
        logoType: null,
        logoVersion: sql`${businessProfile.logoVersion} + 1`,
        updatedBy: member.id,
        updatedAt: sql`now()`,
      })
      .where(sql`${businessProfile.id} = 1 and ${businessProfile.logoType} is not null`)
      .returning({ id: businessProfile.id });
    if (!row) throw new AppError("not_found", "There is no logo to remove.");
    await audit(tx, { action: "business_logo_removed", actor: member });
  });
  forgetProfile(db);
}

export async function getLogo(db: Db): Promise<{ bytes: Buffer; type: string; version: number } | null> {
  const [row] = await db
    .select({ bytes: businessProfile.logo, type: businessProfile.logoType, version: businessProfile.logoVersion })
    .from(businessProfile)
    .where(eq(businessProfile.id, 1));
  return row?.bytes && row.type ? { bytes: row.bytes, type: row.type, version: row.version } : null;
}
