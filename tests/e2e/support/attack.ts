// Tools for tests that attack the app: sign-ins that stand for distinct clients, bounded
// parallel loops, and the key's every piece looked for in every encoding a page could carry.
import { keyLeaks } from "../../support/key-leaks";
import { expect, request, type APIRequestContext } from "@playwright/test";
import { apiSignIn } from "./two-factor";

export { inParallel } from "../../support/in-parallel";

let client = 0;
/**
 * A distinct client address per call (and per worker), so a test's sign-ins never lock another
 * test's address: the right-most entry, the one the app believes (lib/http/origin.ts), after one
 * the client made up.
 */
export const clientAddress = () => `10.0.0.9, 198.51.${(process.pid % 250) + 1}.${(client++ % 250) + 1}`;

/** An API context signed in as this member (through POST /api/session, as the form does). */
export async function signedInApi(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const res = await apiSignIn(api, email, password, { "X-Forwarded-For": clientAddress() });
  expect(res.status, `sign in ${email}`).toBe(200);
  return api;
}

/** Undoes the encodings a text may carry a key in (JSON, percent, HTML entities), repeatedly. */
function decodeAll(text: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    lowbar: "_",
    hyphen: "-",
    dash: "-",
    period: ".",
  };
  for (let i = 0; i < 4; i++) {
    const next = text
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
      .replace(/%([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
      .replace(/&#x([0-9a-fA-F]+);?/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
      .replace(/&([a-z]+);/g, (m, n) => named[n] ?? m);
    if (next === text) return text;
    text = next;
  }
  return text;
}

/**
 * No piece of the key (any 8 characters of it in a row, as it is or in base64, base64url or hex)
 * in the text, raw or in any decoded layer of it.
 */
export function expectNoPieceOf(key: string, text: string, where: string) {
  expect([...keyLeaks(text, key), ...keyLeaks(decodeAll(text), key)], `${where} holds a piece of the key`).toEqual([]);
}

/** The key with each of the chosen characters written as a JSON \uXXXX escape, hex in either case. */
export function escapeChars(key: string, which: number[], upper: boolean[]): string {
  return [...key]
    .map((c, i) => {
      if (!which.includes(i)) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(4, "0");
      return `\\u${upper[i % upper.length] ? hex.toUpperCase() : hex}`;
    })
    .join("");
}
