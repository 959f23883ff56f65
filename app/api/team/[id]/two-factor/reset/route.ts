// POST /api/team/{id}/two-factor/reset – delete another member's second factor and end their
// sessions (owner; not their own; audited)
import { clientIp, guard } from "@/lib/session/guards";
import { MEMBER_ID } from "@/lib/team/schema";
import { resetTwoFactor } from "@/lib/two-factor/reset";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

export const dynamic = "force-dynamic";

export const POST = guard<{ id: string }>(
  "team:manage",
  async (req, member, { id }) => {
    if (!MEMBER_ID.test(id)) throw new AppError("not_found", "No such member.");
    await resetTwoFactor(await getDb(), member, id, clientIp(req.headers));
    return new Response(null, { status: 204 });
  },
  // A team change like any other: a recent proof first (REAUTH_MINUTES).
  { fresh: true },
);
