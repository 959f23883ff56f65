// The audit log's signing key and signatures. The chain (migration 0011) catches a changed,
// removed or reordered entry, but the database's own role can INSERT an entry and the trigger
// chains it like any other. So each entry's chain hash is also signed, in the entry's own
// transaction, with HMAC-SHA-256 under a key the database does not hold: AUDIT_SIGNING_KEY from
// the environment (required with DATABASE_URL), or, for the embedded default, a random key
// made on first run into a file in the data folder (docs/decisions/audit-signing-key.md).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";

export type SigningKey = { id: string; secret: Buffer };

/** The file the embedded default keeps its key in, beside PGlite's files (not in the database). */
export const KEY_FILE = "audit-signing.key";

export function signingKeyOf(text: string): SigningKey {
  const secret = Buffer.from(text.trim(), "utf8");
  return { id: createHash("sha256").update(secret).digest("hex").slice(0, 16), secret };
}

/** The key in `dir`'s key file, made (random, 256 bits, readable by this user only) if there is none. */
export function keyFromFolder(dir: string): SigningKey {
  const file = path.join(dir, KEY_FILE);
  mkdirSync(dir, { recursive: true });
  try {
    const fd = openSync(file, "wx", 0o600);
    try {
      writeSync(fd, `${randomBytes(32).toString("base64url")}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  try {
    return signingKeyOf(readFileSync(file, "utf8"));
  } catch (error) {
    // Named, so that the start's one log line says which file (lib/startup.ts, failedStart).
    throw new Error(`the audit signing key ${file} cannot be read: ${(error as Error).message}`, { cause: error });
  }
}

/** The key in `dir`'s key file, or null when there is none (the verifier never makes one). */
export function existingKeyIn(dir: string): SigningKey | null {
  const file = path.join(dir, KEY_FILE);
  return existsSync(file) ? signingKeyOf(readFileSync(file, "utf8")) : null;
}

let cached: SigningKey | undefined;

/**
 * This process's key: AUDIT_SIGNING_KEY, or the embedded default's file in DATA_DIR (made on
 * first use). Read from process.env, not lib/env.ts, so the command-line scripts that write
 * entries (npm run users:add) sign them as the server does; the server's environment check
 * requires the key with DATABASE_URL, and so does this.
 */
export function auditSigningKey(): SigningKey {
  if (!cached) {
    const { AUDIT_SIGNING_KEY: key, DATABASE_URL: url, DATA_DIR: dir } = process.env;
    if (key) cached = signingKeyOf(key);
    else if (url) throw new Error("AUDIT_SIGNING_KEY is required when DATABASE_URL is set (a key the database does not hold)");
    else cached = keyFromFolder(path.resolve(/*turbopackIgnore: true*/ dir || "./data"));
  }
  return cached;
}

/** The key a verification checks signatures with, without making one: null when none is set. */
export function verifyingKey(env: Record<string, string | undefined> = process.env): SigningKey | null {
  if (env.AUDIT_SIGNING_KEY) return signingKeyOf(env.AUDIT_SIGNING_KEY);
  return env.DATABASE_URL ? null : existingKeyIn(path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || "./data"));
}

/** The signature of an entry's chain hash. */
export function signHash(key: SigningKey, hash: string): string {
  return createHmac("sha256", key.secret).update(hash, "utf8").digest("hex");
}

/** Whether `signature` is `key`'s for `hash` (compared in constant time). */
export function signatureHolds(key: SigningKey, hash: string, signature: string): boolean {
  const expected = Buffer.from(signHash(key, hash), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
