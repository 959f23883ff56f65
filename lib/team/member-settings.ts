// A member's own choices, on their user row: today the colour scheme. Pages read it with the
// session (themeOfMember in ./guards.ts); these read and write it directly.
import { eq } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { user } from "@/lib/db/schema";
import { isTheme, type Theme } from "@/lib/market/theme";

export async function themeOf(db: Db, userId: string): Promise<Theme> {
  const [row] = await db.select({ theme: user.theme }).from(user).where(eq(user.id, userId));
  return isTheme(row?.theme) ? row.theme : "system";
}

export async function setTheme({ db, member }: Asker, theme: Theme): Promise<void> {
  await db.update(user).set({ theme }).where(eq(user.id, member.id));
}
