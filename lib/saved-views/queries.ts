// The saved_views table, read and written with the database first. Who may see or delete which
// view is decided here, in the statements themselves (docs/decisions/saved-views.md): a member's
// own views and the shared ones, never another member's private view.
import "server-only";
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import type { Asker } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { savedViews, user } from "@/lib/db/schema";
import { isUniqueViolation } from "@/lib/db/errors";
import { nameKey } from "./schema";
import { MAX_VIEWS_PER_PAGE, type SavedViewPage } from "./types";

/** The views a member sees on a page: their own, and every shared one; named order. */
export async function visibleViews(db: Db, memberId: string, page: SavedViewPage) {
  return db
    .select({
      id: savedViews.id,
      memberId: savedViews.memberId,
      name: savedViews.name,
      query: savedViews.query,
      shared: savedViews.shared,
      by: user.name,
    })
    .from(savedViews)
    .leftJoin(user, eq(user.id, savedViews.memberId))
    .where(and(eq(savedViews.page, page), or(eq(savedViews.memberId, memberId), eq(savedViews.shared, true))))
    .orderBy(asc(sql`coalesce(${savedViews.nameKey}, lower(${savedViews.name}))`), asc(savedViews.id));
}

export type NewView = { page: SavedViewPage; name: string; query: string; shared: boolean };

/**
 * Keeps a view: `full` when the member has the most there may be on the page, `taken` when they
 * have one of that name (in any case: ./schema.ts nameKey). One member's saves on one page are
 * counted one at a time on every instance, so two at once never make a 51st. A shared view is in
 * the audit log.
 */
export async function insertView({ db, member, caller }: Asker, v: NewView): Promise<{ id: string } | "full" | "taken"> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${member.id}:${v.page}`}))`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.memberId, member.id), eq(savedViews.page, v.page)));
      if (n >= MAX_VIEWS_PER_PAGE) return "full" as const;
      const [row] = await tx
        .insert(savedViews)
        .values({ memberId: member.id, page: v.page, name: v.name, nameKey: nameKey(v.name), query: v.query, shared: v.shared })
        .returning({ id: savedViews.id });
      if (v.shared) {
        await audit(tx, {
          action: "saved_view_shared",
          actor: member,
          targetId: row.id,
          detail: { page: v.page, name: v.name },
          ip: caller.ip,
        });
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, "saved_views_member_page_name_uq")) return "taken";
    throw error;
  }
}

/**
 * Deletes a view of this page if the member may: their own private view, or (an owner) a shared
 * one. One statement decides, so a view shared or deleted meanwhile is judged as it is now.
 * `shared`: a shared view stays (the member is not an owner); `none`: no such view that they see.
 */
export async function deleteView({ db, member, caller }: Asker, page: SavedViewPage, id: string): Promise<"deleted" | "shared" | "none"> {
  const owner = member.role === "owner";
  return db.transaction(async (tx) => {
    const mayDelete = owner
      ? or(eq(savedViews.shared, true), eq(savedViews.memberId, member.id))
      : and(eq(savedViews.shared, false), eq(savedViews.memberId, member.id));
    const [gone] = await tx
      .delete(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.page, page), mayDelete))
      .returning();
    if (gone) {
      if (gone.shared) {
        await audit(tx, {
          action: "saved_view_deleted",
          actor: member,
          targetId: gone.id,
          detail: { page, name: gone.name },
          ip: caller.ip,
        });
      }
      return "deleted" as const;
    }
    const [left] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.page, page), eq(savedViews.shared, true)));
    return left ? ("shared" as const) : ("none" as const);
  });
}
