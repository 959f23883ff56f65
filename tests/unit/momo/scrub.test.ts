// The key scrubber: the key is found in whatever encoding it arrives (JSON escapes, %XX, HTML
// entities, layers of them), and the whole raw span behind it goes, so not even a piece of the
// key survives, and a JSON body stays valid JSON.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BEARER_MARKER, KEY_MARKER, scrubText, scrubValue } from "@/lib/momo/scrub";
import { ENCODINGS, encodeKey, hostileAnswer, keyForms, keyLeaks, rawAnswer } from "../../support/key-leaks";

const KEY = "merchant-7f3a9c2e5d1b4860"; // no sk_… shape: only the exact-key rule can catch it
const SHAPED = "sk_test_momo_sandbox_2f6c1e9a";

/** Every 8-character piece of the key found in `text`. */
function pieces(text: string, key: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= key.length; i++) if (text.includes(key.slice(i, i + 8))) found.push(key.slice(i, i + 8));
  return found;
}

const hex = (c: string, upper: boolean) => c.charCodeAt(0).toString(16).padStart(4, "0")[upper ? "toUpperCase" : "toLowerCase"]();

describe("scrubText", () => {
  test.each([
    ["a JSON \\u escape (lower hex)", `{"message":"Invalid API key sk\\u005ftest_momo_sandbox_2f6c1e9a"}`],
    ["a JSON \\u escape (upper hex)", `{"message":"Invalid API key sk\\u005Ftest_momo_sandbox_2f6c1e9a"}`],
    ["every character escaped", `{"m":"${[...SHAPED].map((c) => `\\u${hex(c, false)}`).join("")}"}`],
    ["percent-encoding", `key=sk%5Ftest%5Fmomo_sandbox_2f6c1e9a&x=1`],
    ["HTML decimal entity", `<p>sk&#95;test_momo_sandbox&#95;2f6c1e9a</p>`],
    ["HTML hex entity", `<p>sk&#x5F;test_momo_sandbox&#X5f;2f6c1e9a</p>`],
    ["HTML named entity", `<p>sk&lowbar;test_momo_sandbox_2f6c1e9a</p>`],
    ["an escape inside percent-encoding", `{"m":"sk%5Cu005ftest_momo_sandbox_2f6c1e9a"}`],
    ["an escaped backslash before the escape", `{"m":"sk\\\\u005ftest_momo_sandbox_2f6c1e9a"}`],
  ])("%s: no piece of the key is left", (_name, raw) => {
    const out = scrubText(raw, [SHAPED]);
    expect(out).toContain(KEY_MARKER);
    expect(pieces(out, SHAPED)).toEqual([]);
    // Without the exact key, the key shape alone catches it too.
    expect(pieces(scrubText(raw), SHAPED)).toEqual([]);
    if (raw.startsWith("{")) expect(pieces(JSON.stringify(JSON.parse(out)), SHAPED)).toEqual([]);
  });

  test("the exact key, escaped, goes with its escapes; the text around it stays", () => {
    const raw = `{"message":"Key m\\u0065rchant-7f3a9c2e5d1b4860\\u0021 is wrong","ok":"caf\\u00e9 \\ud83d\\ude00"}`;
    const out = scrubText(raw, [KEY]);
    expect(out).toBe(`{"message":"Key [redacted-key]\\u0021 is wrong","ok":"caf\\u00e9 \\ud83d\\ude00"}`);
    expect(JSON.parse(out)).toEqual({ message: "Key [redacted-key]! is wrong", ok: "café 😀" });
  });

  test("Bearer tokens in any encoding; the key after Bearer reads as the key", () => {
    expect(scrubText(`{"auth":"Bearer\\u0020abc.DEF_123-xyz="}`)).toBe(`{"auth":"${BEARER_MARKER}"}`);
    expect(scrubText("Authorization: Bearer%20tok_123")).toBe(`Authorization: ${BEARER_MARKER}`);
    expect(scrubText(`sent Bearer ${KEY}`, [KEY])).toBe(`sent Bearer ${KEY_MARKER}`);
  });

  test("short secrets and ordinary text are left alone", () => {
    expect(scrubText("abc", ["abc"])).toBe("abc");
    const plain = `{"status":"success","transaction_reference":"TXN-MOMO-1","message":"50% off & more \\u00e9 &amp; %zz"}`;
    expect(scrubText(plain, [KEY])).toBe(plain);
  });

  test("truncated: the key's beginning at the cut and an escape cut in half go", () => {
    expect(scrubText(`xx ${KEY.slice(0, 12)}`, [KEY], { truncated: true })).toBe(`xx ${KEY_MARKER}`);
    expect(scrubText(`xx m\\u0065rchant-7f\\u00`, [KEY], { truncated: true })).toBe(`xx ${KEY_MARKER}`);
    expect(scrubText(`xx sk_test_mo`, [], { truncated: true })).toBe(`xx ${KEY_MARKER}`);
    // Fewer than 8 characters could be any word.
    expect(scrubText(`xx ${KEY.slice(0, 7)}`, [KEY], { truncated: true })).toBe(`xx ${KEY.slice(0, 7)}`);
  });

  test("property: the key escaped anywhere in any JSON leaves no piece, and the JSON stays valid", () => {
    const encodedKey = fc
      .array(fc.constantFrom("plain", "lower", "upper"), { minLength: KEY.length, maxLength: KEY.length })
      .map((how) => [...KEY].map((c, i) => (how[i] === "plain" ? c : `\\u${hex(c, how[i] === "upper")}`)).join(""));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), encodedKey, fc.string(), (value, encoded, words) => {
        // The encoded key goes inside a string of an arbitrary JSON document.
        const raw = JSON.stringify({ value, message: `${words}PLACE` }).replace("PLACE", encoded);
        const out = scrubText(raw, [KEY]);
        const parsed = JSON.parse(out);
        expect(pieces(out, KEY)).toEqual([]);
        expect(pieces(JSON.stringify(parsed), KEY)).toEqual([]);
        expect(parsed.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 200 },
    );
  });
});

test("scrubValue scrubs every string and property name at any depth", () => {
  const value = { [`k ${KEY}`]: [{ deep: { deeper: `Bearer x ${SHAPED}` } }, 42, null, true], id: "usr_1" };
  const out = scrubValue(value, [KEY]);
  expect(pieces(JSON.stringify(out), KEY)).toEqual([]);
  expect(pieces(JSON.stringify(out), SHAPED)).toEqual([]);
  expect(out).toEqual({ [`k ${KEY_MARKER}`]: [{ deep: { deeper: `${BEARER_MARKER} ${KEY_MARKER}` } }, 42, null, true], id: "usr_1" });
});

describe("no piece of the key in any encoding", () => {
  test.each(
    ENCODINGS.flatMap((encoding) =>
      ["", "u", "us"].flatMap((lead) => [SHAPED, KEY].map((key) => [encoding, lead.length, key, lead] as const)),
    ),
  )("%s at byte alignment %i (%s): the whole key and every piece of 8 go", (encoding, _alignment, key, lead) => {
    const encoded = encodeKey(key, encoding, lead);
    expect(keyLeaks(`bad key ${encoded}`, key).length).toBeGreaterThan(0); // the search sees it
    const out = scrubText(`{"message":"bad key ${encoded}","status":"failed"}`, [key]);
    expect(keyLeaks(out, key)).toEqual([]);
    expect(JSON.parse(out)).toMatchObject({ status: "failed", message: expect.stringMatching(/^bad key .*\[redacted-key\]/) });
    // Any 8 characters of the encoded form, alone, go too (a base64 piece of the key).
    for (let i = 0; i + 8 <= encoded.length; i += 5) {
      const piece = encoded.slice(i, i + 8);
      if (keyLeaks(piece, key).length > 0) expect(keyLeaks(scrubText(`x ${piece} y`, [key]), key)).toEqual([]);
    }
  });

  test("a key split across fields: each piece of 8 or more goes, the rest of the answer stays", () => {
    const secret = keyForms(SHAPED).secret;
    const raw = JSON.stringify({ message: SHAPED.slice(0, 20), error: { detail: [SHAPED.slice(20)] }, status: "failed", note: "ok" });
    const out = JSON.parse(scrubText(raw, [SHAPED]));
    expect(keyLeaks(JSON.stringify(out), SHAPED)).toEqual([]);
    expect(out).toEqual({ message: KEY_MARKER, error: { detail: [KEY_MARKER] }, status: "failed", note: "ok" });
    // Seven characters of the key are any seven characters.
    expect(scrubText(`id ${secret.slice(3, 10)} ok`, [SHAPED])).toBe(`id ${secret.slice(3, 10)} ok`);
  });

  test("property: the key in any encoding, split at random across values, names, objects and arrays", () => {
    for (const key of [SHAPED, KEY]) {
      fc.assert(
        fc.property(hostileAnswer(key), (answer) => {
          const raw = rawAnswer(answer);
          const out = scrubText(raw, [key]);
          const parsed = JSON.parse(out);
          expect(keyLeaks(out, key)).toEqual([]);
          expect(keyLeaks(JSON.stringify(parsed), key)).toEqual([]);
          expect(keyLeaks(JSON.stringify(scrubValue(JSON.parse(raw), [key])), key)).toEqual([]);
          // The rest of the answer is kept for support to read.
          expect(parsed.status).toBe((answer.value as { status: string }).status);
          expect(parsed.transaction_reference).toBe("TXN-HOSTILE-1");
        }),
        { numRuns: 300 },
      );
    }
  });

  test("property: an answer cut at the size limit anywhere, the key in any encoding at the cut", () => {
    fc.assert(
      fc.property(hostileAnswer(SHAPED), fc.double({ min: 0, max: 1, noNaN: true }), (answer, at) => {
        const raw = rawAnswer(answer);
        const cut = raw.slice(0, Math.floor(at * raw.length));
        expect(keyLeaks(scrubText(cut, [SHAPED], { truncated: true }), SHAPED)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test("ordinary answers are left as they were", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const raw = JSON.stringify({ value, status: "success", transaction_reference: "TXN-1" });
        expect(scrubText(raw, [SHAPED, KEY])).toBe(raw);
      }),
      { numRuns: 300 },
    );
  });
});
