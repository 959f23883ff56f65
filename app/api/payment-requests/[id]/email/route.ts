// POST /api/payment-requests/{id}/email – { message } by an owner or staff: the pay link emailed, in
// the member's words (which must hold the link's address), to the directory customer it was made
// for; 409 when email is off, the customer has no address or the link is closed; 429 past the limits
import { emailOn, sendTextMail } from "@/lib/email/mailer";
import { publicOrigin } from "@/lib/http/origin";
import { idParams } from "@/lib/http/route";
import { shareEmailSchema } from "@/lib/payment-requests/schema";
import { emailPayLink } from "@/lib/payment-requests/share-email";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const POST = route("request:create", { params: idParams("No payment request has this id."), body: shareEmailSchema }, async (ctx) =>
  emailPayLink(ctx, ctx.params.id, ctx.body, { origin: publicOrigin(ctx.req.headers), send: emailOn() ? sendTextMail : null }),
);
