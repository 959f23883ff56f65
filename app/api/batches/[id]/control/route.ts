// POST /api/batches/{id}/control – { action: "pause" | "resume" | "cancel" } by an owner or the
// member who prepared the batch; cancel stops every row not yet sent
import * as z from "zod";
import { guard } from "@/lib/session/guards";
import { control } from "@/lib/batches/service";
import { AppError } from "@/lib/errors";
import { isUuid, readJson } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const controlSchema = z.strictObject({
  action: z.enum(["pause", "resume", "cancel"], { error: "The action is pause, resume or cancel" }),
});

export const POST = guard<{ id: string }>("batch:create", async (req, member, { id }) => {
  if (!isUuid(id)) throw new AppError("not_found", "No batch has this id.");
  const { action } = controlSchema.parse(await readJson(req));
  return Response.json({ batch: await control(id, member, action) });
});
