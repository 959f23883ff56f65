// A charge page's first step, run by its segment's layout, above the loading boundary: the
// member may read charges, and the id names a charge in the ledger. Done there, an unknown id
// answers HTTP 404: inside the boundary the loading state would already have been sent with 200,
// and notFound() could then only change the text.
import "server-only";
import { notFound } from "next/navigation";
import { requirePage } from "@/lib/session/guards";
import type { Permission } from "@/lib/access/roles";
import type { Asker } from "@/lib/access/types";
import { chargeExists } from "@/lib/charges/views";
import { isUuid } from "@/lib/http/request";

export async function requireCharge(id: string, permission: Permission, path: string): Promise<Asker> {
  const ctx = await requirePage(permission, path);
  if (!isUuid(id) || !(await chargeExists(ctx.db, id))) notFound();
  return ctx;
}
