// Scrubbing the API key out of text that may carry it in any encoding. The upstream's answers
// are JSON, and any JSON encoder may escape any character (`sk\u005ftest_…`); error pages may
// be HTML (`&#95;`) or URL-encoded (`%5F`). Matching the raw text would miss such a key and
// JSON.parse would then decode it into a message, so the patterns run on the *decoded* text and
// each match replaces the whole raw span behind it, escapes included. A span is always made of
// whole escapes, so a JSON body stays valid JSON (the markers hold no quote or backslash).

/** The configured key (from the environment: this module is the one a log line may ask). */
export function configuredKey(): string | undefined {
  return process.env.MOMO_API_KEY;
}

export const KEY_MARKER = "[redacted-key]";
export const BEARER_MARKER = "Bearer [redacted]";

// Anything shaped like a key, whatever precedes it: a key glued to a word is still a key.
const KEY_LIKE = /(sk|pk|rk)_(live|test)_[A-Za-z0-9_-]+/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi; // RFC 6750 token characters
// Shorter secrets would redact ordinary words; a key prefix this long at a cut is the key's.
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

function keySpans(raw: string, secrets: string[], truncated: boolean): Span[] {
  const spans: Span[] = [];
  for (const layer of layersOf(raw)) {
    const t = layer.text;
    for (const secret of secrets) {
      for (let i = t.indexOf(secret); i >= 0; i = t.indexOf(secret, i + secret.length)) spans.push(rawSpan(layer, i, i + secret.length));
      // The answer was cut inside the key: its beginning is the key's too.
      if (truncated) {
        for (let n = Math.min(secret.length - 1, t.length); n >= MIN_SECRET; n--) {
          if (t.endsWith(secret.slice(0, n))) {
            spans.push(rawSpan(layer, t.length - n, t.length));
            break;
          }
        }
      }
    }
    for (const m of t.matchAll(KEY_LIKE)) spans.push(rawSpan(layer, m.index, m.index + m[0].length));
  }
  return spans;
}

function bearerSpans(raw: string): Span[] {
  return layersOf(raw).flatMap((layer) => [...layer.text.matchAll(BEARER)].map((m) => rawSpan(layer, m.index, m.index + m[0].length)));
}

/**
 * `raw` without the given secrets, Bearer tokens or anything shaped like a key, in whatever
 * encoding they appear. `truncated`: the text was cut at a size limit, so an escape cut in half
 * at its end is dropped and a secret's beginning (8+ characters) at its end is redacted too.
 */
export function scrubText(raw: string, secrets: readonly (string | null | undefined)[] = [], opts: { truncated?: boolean } = {}): string {
  const keys = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET))];
  const text = opts.truncated ? raw.replace(PARTIAL_ESCAPE, "") : raw;
  // Keys first, then Bearer tokens in what is left: `Bearer <the key>` reads `Bearer [redacted-key]`.
  const keyless = replaceSpans(text, keySpans(text, keys, opts.truncated ?? false), KEY_MARKER);
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
