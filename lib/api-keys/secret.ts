// A key's secret: made from 190 random bits, kept only as its SHA-256. A digest suffices for a
// secret this long (there is nothing to guess from it), and one indexed lookup finds the key.
import "server-only";
import { createHash, randomInt } from "node:crypto";
import type { KeyMode } from "@/lib/market/key-mode";
import { API_KEY_SHOWN_CHARS } from "./shape";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const SECRET_CHARS = 32;

export const keyDigest = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** A new key for `mode`: the key to show once, what the owner sees of it later, and what is kept. */
export function newApiKey(mode: KeyMode): { key: string; prefix: string; hash: string } {
  let secret = "";
  // randomInt draws without modulo bias: each character is one of 62, uniformly.
  for (let i = 0; i < SECRET_CHARS; i++) secret += ALPHABET[randomInt(ALPHABET.length)];
  const key = `mdk_${mode}_${secret}`;
  return { key, prefix: key.slice(0, `mdk_${mode}_`.length + API_KEY_SHOWN_CHARS), hash: keyDigest(key) };
}
