// GET    /api/business/logo?v={version} – the logo image (every member; cached for good per version)
// PUT    /api/business/logo – upload the logo: the raw PNG, JPEG or WebP bytes, at most 256 kB (owner)
// DELETE /api/business/logo – remove the logo (owner)
import { guard } from "@/lib/session/guards";
import { checkLogo } from "@/lib/business/logo";
import { getLogo, removeLogo, saveLogo } from "@/lib/business/profile";
import { LOGO_MAX_BYTES } from "@/lib/business/schema";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { readBytes } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = guard(null, async (req) => {
  const logo = await getLogo(await getDb());
  if (!logo) throw new AppError("not_found", "The business has no logo.");
  // The address names the version: the current one may be kept for a year, any other is re-asked.
  const current = new URL(req.url).searchParams.get("v") === String(logo.version);
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": current ? "private, max-age=31536000, immutable" : "private, no-cache",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

export const PUT = guard("business:manage", async (req, member) => {
  // The declared Content-Type is ignored: the bytes say what the file is.
  const bytes = await readBytes(req, LOGO_MAX_BYTES).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "body_too_large")) throw error;
    const message = `The logo can be at most ${LOGO_MAX_BYTES / 1024} kB.`;
    throw new AppError("logo_too_large", message, { fields: { logo: message } });
  });
  const checked = checkLogo(bytes);
  if (!checked.ok) throw new AppError("invalid_logo", checked.message, { fields: { logo: checked.message } });
  await saveLogo(await getDb(), member, { bytes, type: checked.type, width: checked.width, height: checked.height });
  return new Response(null, { status: 204 });
});

export const DELETE = guard("business:manage", async (_req, member) => {
  await removeLogo(await getDb(), member);
  return new Response(null, { status: 204 });
});
