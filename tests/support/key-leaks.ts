// The attacker's side of the key scrubber, written apart from lib/momo/scrub.ts so that a test
// does not grade the scrubber with its own decoder: the key written in every encoding an upstream
// may use, split anywhere, and a search of any text (in each decoded layer of it) for any
// 8-character piece of the key in any of those encodings.
import fc from "fast-check";

const PIECE = 8;
const PREFIX = /^(sk|pk|rk|mdk)_(live|test)_/;

/** Every complete-group base64 / base64url form of the key's bytes at the three byte alignments. */
function base64Forms(bytes: Buffer, url: boolean): string[] {
  return [0, 1, 2].map((a) => bytes.subarray(a, a + Math.floor((bytes.length - a) / 3) * 3).toString(url ? "base64url" : "base64"));
}

/** The key's forms to search for, by name. */
export function keyForms(key: string): Record<string, string> {
  const bytes = Buffer.from(key);
  const [b0, b1, b2] = base64Forms(bytes, false);
  const [u0, u1, u2] = base64Forms(bytes, true);
  return {
    secret: key.replace(PREFIX, ""),
    "base64@0": b0,
    "base64@1": b1,
    "base64@2": b2,
    "base64url@0": u0,
    "base64url@1": u1,
    "base64url@2": u2,
    hex: bytes.toString("hex"),
    HEX: bytes.toString("hex").toUpperCase(),
  };
}

const jsonUnescape = (t: string) =>
  t.replace(/\\u([0-9a-fA-F]{4})|\\(["\\/bfnrt])/g, (_m, u: string | undefined, c: string | undefined) =>
    u ? String.fromCharCode(parseInt(u, 16)) : (({ b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[c!] ?? c!),
  );
const percentDecode = (t: string) => t.replace(/%([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
const entityDecode = (t: string) =>
  t
    .replace(/&#(\d{1,7});?/g, (m, d: string) => (Number(d) <= 0x10ffff ? String.fromCodePoint(Number(d)) : m))
    .replace(/&#[xX]([0-9a-fA-F]{1,6});?/g, (m, h: string) => (parseInt(h, 16) <= 0x10ffff ? String.fromCodePoint(parseInt(h, 16)) : m))
    .replace(/&lowbar;|&UnderBar;/g, "_")
    .replace(/&amp;/g, "&");

/** The text and every text reached from it by up to three rounds of decoding, in any order. */
export function decodedLayers(text: string): string[] {
  const seen = new Set([text]);
  let frontier = [text];
  for (let round = 0; round < 3; round++) {
    const next: string[] = [];
    for (const t of frontier)
      for (const decode of [jsonUnescape, percentDecode, entityDecode]) {
        const d = decode(t);
        if (!seen.has(d)) {
          seen.add(d);
          next.push(d);
        }
      }
    frontier = next;
  }
  return [...seen];
}

/** Each 8-character piece of the key, in any form, found in any decoded layer of `text`. */
export function keyLeaks(text: string, key: string): string[] {
  // One pass over each layer, reading the piece that starts at each position (a search per piece
  // read a 100 kB page some 250 times a layer: 140 ms a page, now 15).
  const forms = Object.entries(keyForms(key));
  const pieces = new Set<string>();
  for (const [, value] of forms) for (let i = 0; i + PIECE <= value.length; i++) pieces.add(value.slice(i, i + PIECE));
  // The pieces' first two characters (ASCII, as every form is), to read only where one starts.
  const pair = (t: string, i: number) => ((t.charCodeAt(i) & 0xff) << 8) | (t.charCodeAt(i + 1) & 0xff);
  const starts = new Uint8Array(1 << 16);
  for (const piece of pieces) starts[pair(piece, 0)] = 1;
  const present = new Set<string>();
  for (const layer of decodedLayers(text))
    for (let i = 0; i + PIECE <= layer.length; i++) {
      if (!starts[pair(layer, i)]) continue;
      const piece = layer.slice(i, i + PIECE);
      if (pieces.has(piece)) present.add(piece);
    }
  const found = new Set<string>();
  for (const [form, value] of forms)
    for (let i = 0; i + PIECE <= value.length; i++) {
      const piece = value.slice(i, i + PIECE);
      if (present.has(piece)) found.add(`${form}: ${piece}`);
    }
  return [...found];
}

const hex4 = (c: string, upper: boolean) => c.charCodeAt(0).toString(16).padStart(4, "0")[upper ? "toUpperCase" : "toLowerCase"]();
const pct = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

/** The encodings an upstream may write the key in. */
export const ENCODINGS = [
  "plain",
  "json-escape-lower",
  "json-escape-upper",
  "percent",
  "percent-twice",
  "html-decimal",
  "html-hex",
  "base64",
  "base64url",
  "hex",
  "HEX",
] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The key written in `encoding`. `lead` bytes go before it (a user name, `Basic ` material), so
 * base64 and hex start at any byte alignment of the key; text encodings escape every character.
 */
export function encodeKey(key: string, encoding: Encoding, lead = ""): string {
  switch (encoding) {
    case "plain":
      return lead + key;
    case "json-escape-lower":
    case "json-escape-upper":
      return lead + [...key].map((c) => `\\u${hex4(c, encoding === "json-escape-upper")}`).join("");
    case "percent":
      return lead + pct(key);
    case "percent-twice":
      return lead + pct(key).replace(/%/g, "%25");
    case "html-decimal":
      return lead + [...key].map((c) => `&#${c.charCodeAt(0)};`).join("");
    case "html-hex":
      return lead + [...key].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("");
    case "base64":
      return Buffer.from(lead + key).toString("base64");
    case "base64url":
      return Buffer.from(lead + key).toString("base64url");
    case "hex":
      return Buffer.from(lead + key).toString("hex");
    case "HEX":
      return Buffer.from(lead + key)
        .toString("hex")
        .toUpperCase();
  }
}

/** Cuts `text` at `cuts` (fractions of its length) into pieces, in order. */
export function split(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * text.length)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const i of at) {
    pieces.push(text.slice(from, i));
    from = i;
  }
  pieces.push(text.slice(from));
  return pieces.filter((p) => p.length > 0);
}

export type HostileAnswer = { value: unknown; encoding: Encoding; pieces: string[] };

/**
 * An answer (a JSON object) with the key in one encoding, split at random points across any
 * number of string values and property names, at any depth of objects and arrays, among
 * ordinary fields.
 */
export function hostileAnswer(key: string, encodings: readonly Encoding[] = ENCODINGS): fc.Arbitrary<HostileAnswer> {
  return fc
    .record({
      encoding: fc.constantFrom(...encodings),
      lead: fc.constantFrom("", "u", "us", "user:"),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }),
      places: fc.array(
        fc.record({ depth: fc.nat(3), asName: fc.boolean(), inArray: fc.boolean(), words: fc.constantFrom("", "bad key ", "x") }),
        {
          minLength: 5,
          maxLength: 5,
        },
      ),
      status: fc.constantFrom("failed", "success", "pending"),
    })
    .map(({ encoding, lead, cuts, places, status }) => {
      // Escapes are whole in each piece (a JSON encoder writes no half escape); base64 and hex
      // are cut anywhere, as a piece of an encoded token would be.
      const binary = ["base64", "base64url", "hex", "HEX"].includes(encoding);
      const pieces = binary
        ? split(encodeKey(key, encoding, lead), cuts)
        : split(lead + key, cuts).map((piece) => encodeKey(piece, encoding));
      const value: Record<string, unknown> = { status, transaction_reference: "TXN-HOSTILE-1" };
      pieces.forEach((piece, i) => {
        const place = places[i % places.length];
        const text = place.words + piece;
        let leaf: unknown = place.asName ? { [text]: i } : text;
        for (let d = 0; d < place.depth; d++) leaf = place.inArray ? [leaf] : { [`n${d}`]: leaf };
        value[i === 0 ? "message" : `field_${i}`] = leaf;
      });
      return { value, encoding, pieces };
    });
}

/** The answer as an upstream's JSON encoder writes it: the JSON escapes in the key are its own. */
export const rawAnswer = (answer: HostileAnswer) => JSON.stringify(answer.value).replace(/\\\\u/g, "\\u");
