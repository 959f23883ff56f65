// Scrubbing the API key out of text that may carry it in any encoding and in pieces. The
// upstream's answers are JSON, and any JSON encoder may escape any character (`sk\u005ftest_…`);
// error pages may be HTML (`&#95;`) or URL-encoded (`%5F`, twice over); an echoed Basic-auth
// header or token is base64 or hex; a key may be split across fields. Matching the raw text would
// miss such a key and JSON.parse would then decode it into a message, so the patterns run on the
// *decoded* text and each match replaces the whole raw span behind it, escapes included: no run
// of 8 characters of the key's secret part, nor of its base64, base64url or hex forms, survives.
// A span is always made of whole escapes, so a JSON body stays valid JSON (the markers hold no
// quote or backslash).

/** The configured key (from the environment: this module is the one a log line may ask). */
export function configuredKey(): string | undefined {
  return process.env.MOMO_API_KEY;
}

export const KEY_MARKER = "[redacted-key]";
export const BEARER_MARKER = "Bearer [redacted]";

// Anything shaped like a key, whatever precedes it: a key glued to a word is still a key. The
// upstream's (sk_, pk_, rk_) and the dashboard's own API keys (mdk_: lib/api-keys/shape.ts).
const KEY_LIKE = /(sk|pk|rk|mdk)_(live|test)_[A-Za-z0-9_-]+/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi; // RFC 6750 token characters
// The shortest piece of a key that counts as the key's: shorter runs could be any word.
const MIN_SECRET = 8;
// Layers of encoding undone (`%5Cu005f` is a JSON escape inside percent-encoding).
const MAX_LAYERS = 3;

const JSON_SIMPLE: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NAMED: Record<string, string> = {
  lowbar: "_",
  UnderBar: "_",
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  sol: "/",
  bsol: "\\",
  percnt: "%",
  num: "#",
  period: ".",
  hyphen: "-",
  dash: "-",
  colon: ":",
  equals: "=",
  plus: "+",
  nbsp: "\u00a0",
  semi: ";",
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]{2,8}));?/y;
// What a cut may leave of an escape at the very end of a truncated answer.
const PARTIAL_ESCAPE = /(?:\\(?:u[0-9a-fA-F]{0,3}|x[0-9a-fA-F]?)?|%[0-9a-fA-F]?|&#?[xX]?[0-9a-fA-F]*|&[A-Za-z]{1,8})$/;

/** A decoded text; its code unit i came from raw[start[i], end[i]) (null: the raw text itself). */
type Layer = { text: string; start: number[] | null; end: number[] | null };

const startOf = (l: Layer, i: number) => (l.start ? l.start[i] : i);
const endOf = (l: Layer, i: number) => (l.end ? l.end[i] : i + 1);

function isHex(s: string, length: number): boolean {
  return s.length === length && /^[0-9a-fA-F]+$/.test(s);
}

/** The escape at `i`: what it decodes to and its length, or null when there is none. */
function token(t: string, i: number): { out: string; len: number } | null {
  const c = t[i];
  if (c === "\\") {
    const n = t[i + 1];
    if (n === "u" && isHex(t.slice(i + 2, i + 6), 4)) return { out: String.fromCharCode(parseInt(t.slice(i + 2, i + 6), 16)), len: 6 };
    if (n === "x" && isHex(t.slice(i + 2, i + 4), 2)) return { out: String.fromCharCode(parseInt(t.slice(i + 2, i + 4), 16)), len: 4 };
    if (n !== undefined && Object.hasOwn(JSON_SIMPLE, n)) return { out: JSON_SIMPLE[n], len: 2 };
  } else if (c === "%") {
    if (isHex(t.slice(i + 1, i + 3), 2)) return { out: String.fromCharCode(parseInt(t.slice(i + 1, i + 3), 16)), len: 3 };
  } else if (c === "&") {
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(t);
    if (m?.[3] !== undefined) return Object.hasOwn(NAMED, m[3]) && m[0].endsWith(";") ? { out: NAMED[m[3]], len: m[0].length } : null;
    const point = m ? (m[1] !== undefined ? parseInt(m[1], 10) : parseInt(m[2], 16)) : NaN;
    if (m && point <= 0x10ffff) return { out: String.fromCodePoint(point), len: m[0].length };
  }
  return null;
}

/** Undoes one layer of escapes; null when there was nothing to undo. */
function decodeLayer(prev: Layer): Layer | null {
  const t = prev.text;
  const out: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  let changed = false;
  for (let i = 0; i < t.length; ) {
    const c = t[i];
    const tok = c === "\\" || c === "%" || c === "&" ? token(t, i) : null;
    const len = tok ? tok.len : 1;
    const piece = tok ? tok.out : c;
    // Every unit an escape decodes to stands for the whole escape.
    for (let k = 0; k < piece.length; k++) {
      out.push(piece[k]);
      start.push(startOf(prev, i));
      end.push(endOf(prev, i + len - 1));
    }
    changed ||= tok !== null;
    i += len;
  }
  return changed ? { text: out.join(""), start, end } : null;
}

function layersOf(raw: string): Layer[] {
  const layers: Layer[] = [{ text: raw, start: null, end: null }];
  if (!/[\\%&]/.test(raw)) return layers; // nothing is escaped
  while (layers.length <= MAX_LAYERS) {
    const next = decodeLayer(layers[layers.length - 1]);
    if (!next) break;
    layers.push(next);
  }
  return layers;
}

type Span = [number, number];

/** Replaces each raw span (merged where they overlap) with `marker`. */
function replaceSpans(raw: string, spans: Span[], marker: string): string {
  if (spans.length === 0) return raw;
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (let k = 0; k < spans.length; ) {
    let [s, e] = spans[k++];
    while (k < spans.length && spans[k][0] < e) e = Math.max(e, spans[k++][1]);
    out += raw.slice(at, s) + marker;
    at = e;
  }
  return out + raw.slice(at);
}

function rawSpan(layer: Layer, from: number, to: number): Span {
  return [startOf(layer, from), endOf(layer, to - 1)];
}

// A key's known prefix (`sk_live_`): what follows is its secret part.
const KEY_PREFIX = /^(sk|pk|rk|mdk)_(live|test)_/;

/**
 * Every 8-character piece of the key as it may appear: its secret part as is, and the whole key
 * in base64, base64url and hex (lower and upper case). Base64 is taken at each of the three byte
 * alignments, so the key's bytes inside a longer encoded text (`Basic <base64 of user:key>`) are
 * found too; only the characters that depend on the key's bytes alone are used.
 */
function piecesOf(key: string): Set<string> {
  const secret = key.replace(KEY_PREFIX, "");
  const forms = [secret.length >= MIN_SECRET ? secret : key];
  const bytes = Buffer.from(key, "utf8");
  for (let a = 0; a < 3; a++) {
    const whole = bytes.subarray(a, a + Math.floor((bytes.length - a) / 3) * 3);
    forms.push(whole.toString("base64"), whole.toString("base64url"));
  }
  const hex = bytes.toString("hex");
  forms.push(hex, hex.toUpperCase());
  const pieces = new Set<string>();
  for (const form of forms) for (let i = 0; i + MIN_SECRET <= form.length; i++) pieces.add(form.slice(i, i + MIN_SECRET));
  return pieces;
}

const piecesCache = new Map<string, Set<string>>();
function cachedPieces(key: string): Set<string> {
  let pieces = piecesCache.get(key);
  if (!pieces) {
    if (piecesCache.size > 16) piecesCache.clear(); // a handful of keys in a process's life
    pieces = piecesOf(key);
    piecesCache.set(key, pieces);
  }
  return pieces;
}

function keySpans(raw: string, secrets: string[]): Span[] {
  const spans: Span[] = [];
  const pieces = secrets.map(cachedPieces);
  for (const layer of layersOf(raw)) {
    const t = layer.text;
    // Any run of the key's characters (or of its encoded forms) 8 long or longer, wherever it
    // starts: a key split across fields or cut at a size limit leaves no piece of 8.
    for (const set of pieces) {
      let runStart = -1;
      let runEnd = -1;
      for (let i = 0; i + MIN_SECRET <= t.length; i++) {
        if (!set.has(t.slice(i, i + MIN_SECRET))) continue;
        if (i > runEnd) {
          if (runStart >= 0) spans.push(rawSpan(layer, runStart, runEnd));
          runStart = i;
        }
        runEnd = i + MIN_SECRET;
      }
      if (runStart >= 0) spans.push(rawSpan(layer, runStart, runEnd));
    }
    for (const m of t.matchAll(KEY_LIKE)) spans.push(rawSpan(layer, m.index, m.index + m[0].length));
  }
  return spans;
}

function bearerSpans(raw: string): Span[] {
  return layersOf(raw).flatMap((layer) => [...layer.text.matchAll(BEARER)].map((m) => rawSpan(layer, m.index, m.index + m[0].length)));
}

/**
 * `raw` without any 8-character piece of the given secrets (as they are, or in base64, base64url
 * or hex), Bearer tokens or anything shaped like a key, in whatever encoding they appear.
 * `truncated`: the text was cut at a size limit, so an escape cut in half at its end is dropped.
 */
export function scrubText(raw: string, secrets: readonly (string | null | undefined)[] = [], opts: { truncated?: boolean } = {}): string {
  const keys = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET))];
  const text = opts.truncated ? raw.replace(PARTIAL_ESCAPE, "") : raw;
  // Keys first, then Bearer tokens in what is left: `Bearer <the key>` reads `Bearer [redacted-key]`.
  const keyless = replaceSpans(text, keySpans(text, keys), KEY_MARKER);
  return replaceSpans(keyless, bearerSpans(keyless), BEARER_MARKER);
}

/**
 * A parsed JSON value with every string and property name scrubbed. Bounded: deeper than
 * `maxDepth` becomes null (callers check depth first; this only keeps the stack safe).
 */
export function scrubValue(value: unknown, secrets: readonly (string | null | undefined)[] = [], maxDepth = 64): unknown {
  if (typeof value === "string") return scrubText(value, secrets);
  if (value === null || typeof value !== "object") return value;
  if (maxDepth <= 0) return null;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, secrets, maxDepth - 1));
  // fromEntries defines own properties: a "__proto__" name stays a name, not a prototype.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubText(k, secrets), scrubValue(v, secrets, maxDepth - 1)]));
}
