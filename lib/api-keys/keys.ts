// An owner's API keys: made (the key and its signing secret shown once, in the answer), listed,
// revoked. A key takes the upstream key's mode when it is made. Every change is audited with the
// key's name, prefix, scopes and mode, never its secret.
import "server-only";
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Asker } from "@/lib/access/types";
import { audit } from "@/lib/audit";
import type { Db } from "@/lib/db/open";
import { type ApiKey, apiKeys, user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { KeyMode } from "@/lib/market/key-mode";
import { upstreamMode } from "@/lib/momo/config";
import { SECRET_PREFIX } from "@/lib/webhooks/shape";
import type { ApiKeyInput } from "./schema";
import { newApiKey } from "./secret";
import { type ApiScope, MAX_API_KEYS } from "./shape";
import type { ApiKeyShown, ApiKeyView } from "./view";

const NOT_FOUND = "No API key has this id.";

function viewOf(k: ApiKey, names: Map<string, string>): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    mode: k.mode,
    prefix: k.prefix,
    scopes: k.scopes as ApiScope[],
    createdBy: k.createdBy ? { id: k.createdBy, name: names.get(k.createdBy) ?? "Former member" } : null,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}

async function namesOf(db: Db, keys: ApiKey[]): Promise<Map<string, string>> {
  const ids = [...new Set(keys.map((k) => k.createdBy).filter((id): id is string => !!id))];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every key, newest first, revoked ones included (what they were named, and when they stopped). */
export async function listApiKeys(db: Db): Promise<ApiKeyView[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const names = await namesOf(db, rows);
  return rows.map((k) => viewOf(k, names));
}

const auditDetail = (k: Pick<ApiKey, "name" | "prefix" | "scopes" | "mode">) => ({
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  mode: k.mode,
});

/** Makes a key in the upstream's mode (or `mode`, for tests): its secret is in this answer only. */
export async function createApiKey({ db, member }: Asker, input: ApiKeyInput, mode: KeyMode = upstreamMode()): Promise<ApiKeyShown> {
  const made = newApiKey(mode);
  const signingSecret = `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
  const scopes = [...new Set(input.scopes)];
  const row = await db.transaction(async (tx) => {
    // One count at a time, on every instance: two owners making the 20th key at once make one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('api-keys'))`);
    const [{ n }] = await tx.select({ n: count() }).from(apiKeys).where(isNull(apiKeys.revokedAt));
    if (n >= MAX_API_KEYS) {
      throw new AppError("invalid_request", `At most ${MAX_API_KEYS} keys: revoke one you no longer use first.`, {
        fields: { name: `At most ${MAX_API_KEYS} keys at once` },
      });
    }
    const [k] = await tx
      .insert(apiKeys)
      .values({ name: input.name, mode, prefix: made.prefix, secretHash: made.hash, signingSecret, scopes, createdBy: member.id })
      .returning();
    await audit(tx, { action: "api_key_created", actor: member, targetId: k.id, detail: auditDetail(k) });
    return k;
  });
  return { key: viewOf(row, new Map([[member.id, member.name]])), secret: made.key, signingSecret };
}

/** Revokes a key at once: its next request, on any instance, is refused. Revoking twice is refused. */
export async function revokeApiKey({ db, member }: Asker, id: string): Promise<ApiKeyView> {
  const row = await db.transaction(async (tx) => {
    const [k] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()`, revokedBy: member.id })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!k) {
      const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
      throw exists ? new AppError("api_key_state", "This key is revoked already.") : new AppError("not_found", NOT_FOUND);
    }
    await audit(tx, { action: "api_key_revoked", actor: member, targetId: k.id, detail: auditDetail(k) });
    return k;
  });
  return viewOf(row, await namesOf(db, [row]));
}
