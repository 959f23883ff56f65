// GET /api/account – the upstream account behind the API key, GET /v1/user (owner)
import { AppError } from "@/lib/errors";
import { readAccount } from "@/lib/momo/account";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("account:read", {}, async ({ db }) => {
  const answer = await readAccount(db);
  if (!answer.ok) throw new AppError(answer.code, answer.message);
  return { user: answer.user };
});
