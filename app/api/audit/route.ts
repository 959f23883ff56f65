// GET /api/audit?before={id} – the audit log, newest first, 100 a page (owner)
import * as z from "zod";
import "@/lib/zod";
import { listAudit } from "@/lib/auth/audit";
import { guard } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

const query = z.object({ before: z.coerce.number().int().positive().optional() });

export const GET = guard("audit:read", async (req) => {
  const { before } = query.parse(Object.fromEntries(new URL(req.url).searchParams));
  const events = await listAudit(await getDb(), before);
  return Response.json({ events: events.map((e) => ({ ...e, at: e.at.toISOString() })) });
});
