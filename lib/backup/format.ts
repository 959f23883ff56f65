// A backup is one file (docs/decisions/backups.md): a first line naming the format, one line of
// JSON (the manifest, and how the payload is encrypted, if it is), then the payload: PGlite's data
// folder as a gzipped tar, or that encrypted with AES-256-GCM (the tag after it, both lines as its
// additional data). So a download is one file, and restore checks all of it before touching anything.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import * as z from "zod";

const MAGIC = Buffer.from("MOMO-DASHBOARD-BACKUP 1\n");
const TAG_BYTES = 16;
// scrypt's cost: about a tenth of a second and 32 MB once per backup, so a guessed key costs the same.
const KDF = { N: 2 ** 15, r: 8, p: 1 } as const;
const derive = promisify(scrypt) as (pass: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;

const manifestSchema = z.object({
  takenAt: z.string(),
  appVersion: z.string(),
  /** The drizzle migrations applied, by tag (lib/db/migrations/meta/_journal.json). */
  migrations: z.array(z.string()),
  /** Rows per table of the public schema, counted in the same pause as the dump. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  /** The unencrypted payload: its length and SHA-256. */
  payload: z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
});
export type Manifest = z.infer<typeof manifestSchema>;

const headerSchema = z.object({
  manifest: manifestSchema,
  encryption: z
    .object({
      cipher: z.literal("aes-256-gcm"),
      kdf: z.object({ name: z.literal("scrypt"), N: z.number().int(), r: z.number().int(), p: z.number().int(), salt: z.string() }),
      iv: z.string(),
      /** Tells a wrong key from a damaged file: an HMAC of a fixed text under the derived key. */
      keyCheck: z.string(),
    })
    .nullable(),
});
type Encryption = NonNullable<z.infer<typeof headerSchema>["encryption"]>;

/** A file restore will not use; the message says why and what to do. */
export class BackupRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefused";
  }
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const keyCheckOf = (key: Buffer) => createHmac("sha256", key).update("momo-dashboard backup key check").digest("hex").slice(0, 32);

async function keyFor(passphrase: string, kdf: Encryption["kdf"]): Promise<Buffer> {
  return derive(passphrase, Buffer.from(kdf.salt, "base64"), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r });
}

/** The manifest (without its payload fields) and the payload as one file, encrypted when `passphrase` is given. */
export async function sealBackup(manifest: Omit<Manifest, "payload">, payload: Buffer, passphrase?: string): Promise<Buffer> {
  const full: Manifest = { ...manifest, payload: { bytes: payload.length, sha256: sha256(payload) } };
  if (!passphrase) return Buffer.concat([MAGIC, Buffer.from(`${JSON.stringify({ manifest: full, encryption: null })}\n`), payload]);
  const kdf = { name: "scrypt" as const, ...KDF, salt: randomBytes(16).toString("base64") };
  const key = await keyFor(passphrase, kdf);
  const iv = randomBytes(12);
  const encryption: Encryption = { cipher: "aes-256-gcm", kdf, iv: iv.toString("base64"), keyCheck: keyCheckOf(key) };
  const head = Buffer.concat([MAGIC, Buffer.from(`${JSON.stringify({ manifest: full, encryption })}\n`)]);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(head);
  return Buffer.concat([head, cipher.update(payload), cipher.final(), cipher.getAuthTag()]);
}

/** The two first lines, as the file states them (not yet checked against the payload). */
function readHeader(file: Buffer): { header: z.infer<typeof headerSchema>; headBytes: number } {
  if (!file.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupRefused("This file is not a Momo Dashboard backup.");
  const end = file.indexOf(0x0a, MAGIC.length);
  if (end < 0) throw new BackupRefused("This backup is truncated or damaged: its manifest is incomplete.");
  let header: z.infer<typeof headerSchema>;
  try {
    header = headerSchema.parse(JSON.parse(file.subarray(MAGIC.length, end).toString("utf8")));
  } catch {
    throw new BackupRefused("This backup is damaged: its manifest cannot be read.");
  }
  return { header, headBytes: end + 1 };
}

/**
 * The manifest and the payload, once the whole file checks out: its length, the GCM tag when it
 * is encrypted (which covers the manifest too), and the payload's SHA-256.
 */
export async function openBackup(file: Buffer, passphrase?: string): Promise<{ manifest: Manifest; payload: Buffer; encrypted: boolean }> {
  const { header, headBytes } = readHeader(file);
  const { manifest, encryption } = header;
  const stored = file.subarray(headBytes);
  const expected = manifest.payload.bytes + (encryption ? TAG_BYTES : 0);
  if (stored.length < expected)
    throw new BackupRefused(
      `This backup is truncated: it holds ${stored.length.toLocaleString("en")} of ${expected.toLocaleString("en")} bytes.`,
    );
  if (stored.length > expected) throw new BackupRefused("This backup is damaged: it holds more bytes than its manifest says.");
  let payload = stored;
  if (encryption) {
    if (!passphrase) throw new BackupRefused("This backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.");
    const key = await keyFor(passphrase, encryption.kdf);
    const check = Buffer.from(keyCheckOf(key));
    if (check.length !== encryption.keyCheck.length || !timingSafeEqual(check, Buffer.from(encryption.keyCheck)))
      throw new BackupRefused("This backup was encrypted with another key: BACKUP_ENCRYPTION_KEY is not the key it was made with.");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(encryption.iv, "base64")).setAAD(file.subarray(0, headBytes));
    decipher.setAuthTag(stored.subarray(stored.length - TAG_BYTES));
    try {
      payload = Buffer.concat([decipher.update(stored.subarray(0, stored.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new BackupRefused("This backup is damaged: it was changed or corrupted after it was made (its authentication failed).");
    }
  }
  if (sha256(payload) !== manifest.payload.sha256)
    throw new BackupRefused("This backup is damaged: its checksum does not match (it was changed or corrupted after it was made).");
  return { manifest, payload, encrypted: !!encryption };
}
