// GET    /api/business/logo?v={version} – the logo image (anyone: the public pay page shows it too; cached for good per version)
// PUT    /api/business/logo – upload the logo: the raw PNG, JPEG or WebP bytes, at most 256 kB (owner)
// DELETE /api/business/logo – remove the logo (owner)
import { logoQuery, logoResponse, uploadLogo } from "@/lib/business/logo-requests";
import { removeLogo } from "@/lib/business/profile";
import { publicRoute, route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = publicRoute({ query: logoQuery }, (ctx) => logoResponse(ctx.db, ctx.query.v ?? null));

export const PUT = route("business:manage", {}, async (ctx) => {
  await uploadLogo(ctx, ctx.req);
  return null;
});

export const DELETE = route("business:manage", {}, async (ctx) => {
  await removeLogo(ctx);
  return null;
});
