// Secrets the app makes for itself and keeps in the database (app_secrets), so every instance on a
// shared PostgreSQL uses the same one and no default secret ships anywhere: the session-signing
// secret (BETTER_AUTH_SECRET wins when set), and the keys of the digests that stand for a person in
// the limits' counts (an address, a phone number), which a plain hash would not hide.
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/open";
import { appSecrets } from "@/lib/db/schema";

export async function getOrCreateSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row.value;
}

/** A secret never changes once made: read once per database handle and name. */
const cached = new WeakMap<DbOrTx, Map<string, Promise<string>>>();
function secretOf(db: DbOrTx, name: string): Promise<string> {
  const byName = cached.get(db) ?? new Map<string, Promise<string>>();
  cached.set(db, byName);
  let secret = byName.get(name);
  if (!secret) {
    secret = getOrCreateSecret(db, name);
    byName.set(name, secret);
    secret.catch(() => byName.delete(name));
  }
  return secret;
}

/**
 * `text` as a digest keyed with the database's secret `name` (HMAC-SHA256, 32 hex digits): the
 * same on every instance, and not to be undone by trying every address or every phone number,
 * as a plain hash of one is.
 */
export async function keyedDigest(db: DbOrTx, name: string, text: string): Promise<string> {
  return createHmac("sha256", await secretOf(db, name))
    .update(text)
    .digest("hex")
    .slice(0, 32);
}

/** Forgets the secrets read through `db` (tests that empty the database make new ones). */
export function forgetSecrets(db: DbOrTx): void {
  cached.delete(db);
}
