// Who is calling /api/v1/: the key in `Authorization: Bearer …`, and nothing else. A key is never
// a session and a session never reaches the API: a request that carries the dashboard's session
// cookie is refused, and so is a key in the address or a cookie (where proxies and browsers keep
// it). Every request reads the key from the database — one indexed lookup — so a revocation holds
// at once on every instance. Its use is written at most once a minute.
import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/open";
import { type ApiKey, apiKeys, user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { upstreamMode } from "@/lib/momo/config";
import { keyDigest } from "./secret";
import { API_KEY_PATTERN, type ApiScope } from "./shape";

/** The key a request was let in with, and the member who made it (the actor of what it changes). */
export type ApiCaller = {
  key: Pick<ApiKey, "id" | "name" | "prefix" | "mode" | "scopes" | "signingSecret">;
  maker: { id: string; email: string; name: string } | null;
};

const WHOLE_KEY = new RegExp(`^${API_KEY_PATTERN.source}$`);
const KEY_ANYWHERE = new RegExp(API_KEY_PATTERN.source);

const refuse = (message: string) => new AppError("api_key_required", message);

/** The text of the address's query as it arrives and decoded, for a key pasted there. */
function queryText(url: URL): string {
  try {
    return `${url.search} ${decodeURIComponent(url.search)}`;
  } catch {
    return url.search;
  }
}

/** The bearer token, or the refusal that says where the key belongs. */
function bearerOf(req: Request, url: URL): string {
  if (KEY_ANYWHERE.test(queryText(url))) {
    throw refuse("Send the API key in the Authorization header, never in the address (addresses are logged on the way): revoke this key.");
  }
  const cookies = req.headers.get("cookie") ?? "";
  if (getSessionCookie(req.headers))
    throw refuse("This API takes an API key, never a dashboard session: send Authorization: Bearer <key>.");
  if (KEY_ANYWHERE.test(cookies)) throw refuse("Send the API key in the Authorization header, never in a cookie.");
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) throw refuse("Send your API key as Authorization: Bearer <key>.");
  return match[1];
}

/** The key behind a request to /api/v1/, checked for `scope`: its caller, or the refusal (401, 403). */
export async function authenticate(db: Db, req: Request, url: URL, scope: ApiScope | null): Promise<ApiCaller> {
  const token = bearerOf(req, url);
  const invalid = new AppError("api_key_invalid", "This API key is not valid: it was revoked, or never existed.");
  if (!WHOLE_KEY.test(token)) throw invalid;
  const [found] = await db
    .select({ key: apiKeys, maker: { id: user.id, email: user.email, name: user.name } })
    .from(apiKeys)
    .leftJoin(user, eq(user.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.secretHash, keyDigest(token)), isNull(apiKeys.revokedAt)));
  if (!found) throw invalid;
  const { key } = found;
  const mode = upstreamMode();
  if (key.mode !== mode) {
    throw new AppError(
      "api_key_mode",
      `This is a ${key.mode.toUpperCase()} key and the dashboard runs ${mode.toUpperCase()}: use a ${mode.toUpperCase()} key.`,
    );
  }
  if (scope && !(key.scopes as string[]).includes(scope)) {
    throw new AppError("insufficient_scope", `This API key lacks the ${scope} scope.`);
  }
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  return { key, maker: found.maker?.id ? found.maker : null };
}
