// GET /api/account – the upstream account behind the API key, GET /v1/user (owner)
import { guard } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { errorResponse } from "@/lib/http/errors";
import { readAccount } from "@/lib/momo/account";

export const dynamic = "force-dynamic";

export const GET = guard("account:read", async () => {
  const answer = await readAccount(await getDb());
  if (answer.ok) return Response.json({ user: answer.user });
  return errorResponse(answer.status, answer.code, answer.message);
});
