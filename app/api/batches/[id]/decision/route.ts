// POST /api/batches/{id}/decision – an owner approves ({ approve: true }, with
// acknowledgeDuplicates when rows repeat a charge) or rejects ({ approve: false }) a batch
import * as z from "zod";
import { guard } from "@/lib/session/guards";
import { decide } from "@/lib/batches/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const decisionSchema = z.strictObject({
  approve: z.boolean({ error: "Say whether to approve (true) or reject (false)" }),
  acknowledgeDuplicates: z.boolean({ error: "acknowledgeDuplicates is true or false" }).default(false),
});

export const POST = guard<{ id: string }>("batch:approve", async (req, member, { id }) => {
  if (!isUuid(id)) throw new AppError("not_found", "No batch has this id.");
  const batch = await decide(id, member, decisionSchema.parse(await readJson(req)));
  return Response.json({ batch });
});
