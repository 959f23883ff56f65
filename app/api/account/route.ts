// GET /api/account – the upstream account behind the API key, GET /v1/user (owner)
import { guard } from "@/lib/session/guards";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { readAccount } from "@/lib/momo/account";

export const dynamic = "force-dynamic";

export const GET = guard("account:read", async () => {
  const answer = await readAccount(await getDb());
  if (answer.ok) return Response.json({ user: answer.user });
  throw new AppError(answer.code, answer.message);
});
