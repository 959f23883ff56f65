// The logo as the browser asks for it (the image, cached for good per version) and as an owner
// uploads it (the raw bytes, whatever Content-Type they were declared with).
import "server-only";
import * as z from "zod";
import "@/lib/zod";
import type { Db } from "@/lib/db/open";
import { AppError } from "@/lib/errors";
import { readBytes } from "@/lib/http/request";
import type { Asker } from "@/lib/access/types";
import { checkLogo } from "./logo";
import { getLogo, saveLogo } from "./profile";
import { LOGO_MAX_BYTES } from "./shape";

/** The image; `version` names the one the page linked to, which may then be kept for a year. */
/** GET /api/business/logo?v=: the version the address names. */
export const logoQuery = z.object({ v: z.string().optional() });

export async function logoResponse(db: Db, version: string | null): Promise<Response> {
  const logo = await getLogo(db);
  if (!logo) throw new AppError("not_found", "The business has no logo.");
  // The address names the version: the current one may be kept for a year, any other is re-asked.
  const current = version === String(logo.version);
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "Content-Type": logo.type,
      "Content-Length": String(logo.bytes.length),
      "Cache-Control": current ? "private, max-age=31536000, immutable" : "private, no-cache",
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The request's bytes as the new logo: the bytes say what the file is, never the declared type. */
export async function uploadLogo(asker: Asker, req: Request): Promise<void> {
  const bytes = await readBytes(req, LOGO_MAX_BYTES).catch((error: unknown) => {
    if (!(error instanceof AppError && error.code === "body_too_large")) throw error;
    const message = `The logo can be at most ${LOGO_MAX_BYTES / 1024} kB.`;
    throw new AppError("logo_too_large", message, { fields: { logo: message } });
  });
  const checked = checkLogo(bytes);
  if (!checked.ok) throw new AppError("invalid_logo", checked.message, { fields: { logo: checked.message } });
  await saveLogo(asker, { bytes, type: checked.type, width: checked.width, height: checked.height });
}
