// Reading a request body the same careful way in every route handler.
import { ApiError } from "./errors";

const MAX_BODY_BYTES = 16 * 1024;

export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError(413, "body_too_large", "The request body is too large.");
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "malformed_json", "The request body is not valid JSON.");
  }
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
