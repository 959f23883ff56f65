// The backup file (lib/backup/format.ts) on its own: what is sealed opens again, and every way a
// file can be wrong is refused with a message that says which, before anything is used.
import { describe, expect, test } from "vitest";
import { BackupRefused, openBackup, sealBackup } from "@/lib/backup/format";

const manifest = { takenAt: "2026-11-27T20:00:00.000Z", appVersion: "0.1.0", migrations: ["0000_init"], rows: { charges: 3 } };
const payload = Buffer.from("a gzipped tar stands here ".repeat(200));
const KEY = "backup-key-for-tests-0123456789abcdef";

async function refusal(file: Buffer, key?: string): Promise<string> {
  const error = await openBackup(file, key).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BackupRefused);
  return (error as Error).message;
}

/** The file with one byte of its payload changed (counted from the end). */
function flipped(file: Buffer, fromEnd = 100): Buffer {
  const copy = Buffer.from(file);
  copy[copy.length - fromEnd] ^= 0x01;
  return copy;
}

describe("a backup file", () => {
  test("unencrypted: the manifest is readable, the payload comes back, its length and checksum stated", async () => {
    const file = await sealBackup(manifest, payload);
    expect(file.subarray(0, 24).toString()).toBe("MOMO-DASHBOARD-BACKUP 1\n");
    const opened = await openBackup(file);
    expect(opened.payload.equals(payload)).toBe(true);
    expect(opened.encrypted).toBe(false);
    expect(opened.manifest).toMatchObject({
      ...manifest,
      payload: { bytes: payload.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    // A key given for a file that needs none changes nothing.
    expect((await openBackup(file, KEY)).payload.equals(payload)).toBe(true);
  });

  test("a changed byte, a truncated file, extra bytes, another file: each refused, saying which", async () => {
    const file = await sealBackup(manifest, payload);
    expect(await refusal(flipped(file))).toMatch(/damaged: its checksum does not match/);
    expect(await refusal(file.subarray(0, file.length - 10))).toMatch(/truncated: it holds 5,190 of 5,200 bytes/);
    expect(await refusal(file.subarray(0, 40))).toMatch(/truncated or damaged: its manifest is incomplete/);
    expect(await refusal(Buffer.concat([file, Buffer.from("x")]))).toMatch(/more bytes than its manifest says/);
    expect(await refusal(Buffer.from("PK\u0003\u0004 a zip file"))).toBe("This file is not a Momo Dashboard backup.");
    const badManifest = Buffer.from(file.toString("latin1").replace('"rows":{', '"rows":[').replace("}},", "]},"), "latin1");
    expect(await refusal(badManifest)).toMatch(/damaged: its manifest cannot be read/);
  });

  test("encrypted: nothing of the payload in clear; without the key, with another key, or changed anywhere, refused", async () => {
    const file = await sealBackup(manifest, payload, KEY);
    expect(file.includes(payload.subarray(0, 26))).toBe(false);
    const opened = await openBackup(file, KEY);
    expect(opened.payload.equals(payload)).toBe(true);
    expect(opened.encrypted).toBe(true);
    expect(await refusal(file)).toBe("This backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with.");
    expect(await refusal(file, `${KEY}x`)).toMatch(/encrypted with another key/);
    expect(await refusal(flipped(file), KEY)).toMatch(
      /damaged: it was changed or corrupted after it was made \(its authentication failed\)/,
    );
    // The manifest is authenticated with the payload: a count changed in it is caught too.
    const recount = Buffer.from(file.toString("latin1").replace('"charges":3', '"charges":4'), "latin1");
    expect(await refusal(recount, KEY)).toMatch(/its authentication failed/);
    expect(await refusal(file.subarray(0, file.length - 1), KEY)).toMatch(/truncated/);
  });
});
