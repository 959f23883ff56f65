// A member's own choices (member_settings): today the colour scheme.
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { memberSettings } from "@/lib/db/schema";
import type { Theme } from "@/lib/market/theme";

export async function themeOf(db: Db, userId: string): Promise<Theme> {
  const [row] = await db.select({ theme: memberSettings.theme }).from(memberSettings).where(eq(memberSettings.userId, userId));
  return (row?.theme as Theme | undefined) ?? "system";
}

export async function setTheme(db: Db, userId: string, theme: Theme): Promise<void> {
  await db
    .insert(memberSettings)
    .values({ userId, theme })
    .onConflictDoUpdate({ target: memberSettings.userId, set: { theme, updatedAt: new Date() } });
}
