// Reading a request body the same careful way in every route handler.
import { AppError } from "@/lib/errors";

const MAX_BODY_BYTES = 16 * 1024;

/** `max`: a larger body for the one route that takes a file's rows (POST /api/batches). */
export async function readJson(req: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = (await readBytes(req, max)).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("malformed_json", "The request body is not valid JSON.");
  }
}

/** The body's bytes, read no further than `max`: a huge body is refused (413), not buffered. */
export async function readBytes(req: Request, max: number): Promise<Buffer> {
  const tooLarge = () => new AppError("body_too_large", "The request body is too large.");
  if (Number(req.headers.get("content-length") ?? 0) > max) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
