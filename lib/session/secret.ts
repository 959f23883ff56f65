// The session-signing secret. BETTER_AUTH_SECRET wins when set; otherwise the first start
// makes a random one and keeps it in the database, so every instance on a shared PostgreSQL
// signs with the same secret and no default secret ships anywhere.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { appSecrets } from "@/lib/db/schema";

export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row.value;
}
