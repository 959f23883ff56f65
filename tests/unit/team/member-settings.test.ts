// A member's colour scheme on a real database: system until chosen, kept on each member's own
// user row, the last choice wins, a value outside the three is refused by the schema and by the
// database; and a member's session brings it to the page with no query of its own.
import { describe, expect, test } from "vitest";
import { setTheme, themeOf } from "@/lib/team/member-settings";
import { eq } from "drizzle-orm";
import { user } from "@/lib/db/schema";
import { themeSchema } from "@/lib/team/schema";
import { makeMember, sessionCookie, useAuth } from "../support/auth";
import { askerOf } from "../support/asker";
import { backends } from "../support/db";

describe.each(backends)("member settings on $name", (backend) => {
  const { db, auth } = useAuth(backend);

  test("system until chosen; each member keeps their own; the last choice wins", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    const kofi = await makeMember(auth(), "kofi@example.com", "support");
    expect(await themeOf(db(), ama.id)).toBe("system");
    await setTheme(askerOf(db(), ama), "dark");
    expect(await themeOf(db(), ama.id)).toBe("dark");
    expect(await themeOf(db(), kofi.id)).toBe("system");
    await Promise.all([setTheme(askerOf(db(), ama), "light"), setTheme(askerOf(db(), ama), "light")]);
    expect(await themeOf(db(), ama.id)).toBe("light");
    const rows = await db().select({ id: user.id, theme: user.theme }).from(user);
    expect(rows.map((r) => r.theme).sort()).toEqual(["light", "system"]);
  });

  test("a session brings its member's scheme: the page asks no query of its own for it", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    await setTheme(askerOf(db(), ama), "dark");
    const session = await auth().api.getSession({ headers: await sessionCookie(auth(), "ama@example.com") });
    expect((session?.user as { theme?: string } | undefined)?.theme).toBe("dark");
  });

  test("the database refuses a scheme that is not one of the three", async () => {
    const ama = await makeMember(auth(), "ama@example.com", "staff");
    await expect(db().update(user).set({ theme: "neon" }).where(eq(user.id, ama.id))).rejects.toThrow();
    expect(await themeOf(db(), ama.id)).toBe("system");
  });
});

test("the schema accepts the three schemes and names the field otherwise", () => {
  for (const theme of ["system", "light", "dark"]) expect(themeSchema.safeParse({ theme }).success).toBe(true);
  for (const theme of ["Dark", "", null, 1, "dark ", "system\u0000"]) {
    const r = themeSchema.safeParse({ theme });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(["theme"]);
  }
});
