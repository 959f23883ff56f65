// An upstream that echoes the API key back, plainly or escaped (JSON, percent or HTML escapes):
// no piece of the key gets into an outcome, a stored body or a user record. fetch is never mocked.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { UpstreamOutcome } from "@/lib/momo/status";
import { clientFor } from "../support/charge";
import { sendJson, serverPerTest } from "../support/http-server";
import { REF, request } from "../support/upstream";

const server = serverPerTest();

describe("an upstream that echoes the key", () => {
  // A custom key shape, so only the exact-key rule can catch it (no sk_… pattern to lean on).
  const KEY = "merchant-7f3a9c2e5d1b4860";
  test("never gets it into the outcome, the stored body or the account error", async () => {
    server.handle((req, res) =>
      sendJson(res, 401, { error: { message: `Key ${KEY} is not valid; you sent ${req.headers.authorization}` } }),
    );
    const client = clientFor(server.url, { apiKey: KEY });
    const outcome = await client.charge(request);
    expect(outcome.status).toBe("failed");
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(outcome.message).toBe("Key [redacted-key] is not valid; you sent Bearer [redacted-key]");
    const looked = await client.chargeStatus(REF);
    expect(JSON.stringify(looked)).not.toContain(KEY);
    const user = await client.user();
    expect(JSON.stringify(user)).not.toContain(KEY);
    expect(user).toMatchObject({ ok: false, code: "upstream_auth" });
  });
});

describe("an upstream that echoes the key escaped", () => {
  const KEYS = ["sk_test_momo_sandbox_2f6c1e9a", "merchant-7f3a9c2e5d1b4860"];
  const hex = (c: string, upper: boolean) => c.charCodeAt(0).toString(16).padStart(4, "0")[upper ? "toUpperCase" : "toLowerCase"]();
  // How one character may be written: JSON bodies use \uXXXX; other bodies mix in %XX and &#NN;.
  const jsonWays = fc.constantFrom("lower", "upper");
  const anyWays = fc.constantFrom("lower", "upper", "percent", "decimal", "hexEntity");
  const encodeChar = (c: string, way: string) =>
    way === "percent"
      ? `%${hex(c, true).slice(2)}`
      : way === "decimal"
        ? `&#${c.charCodeAt(0)};`
        : way === "hexEntity"
          ? `&#x${hex(c, false).slice(2)};`
          : `\\u${hex(c, way === "upper")}`;
  /** The key with a random non-empty set of its characters escaped. */
  const encoded = (key: string, ways: fc.Arbitrary<string>) =>
    fc
      .array(fc.option(ways, { nil: null }), { minLength: key.length, maxLength: key.length })
      .filter((how) => how.some((w) => w !== null))
      .map((how) => [...key].map((c, i) => (how[i] === null ? c : encodeChar(c, how[i]!))).join(""));

  /** Every 8-character window of the key found in `text`. */
  const pieces = (text: string | null | undefined, key: string) => {
    const found: string[] = [];
    for (let i = 0; i + 8 <= key.length; i++) if (text?.includes(key.slice(i, i + 8))) found.push(key.slice(i, i + 8));
    return found;
  };
  /** The same, in the outcome's message, reference and raw body, raw and JSON-decoded. */
  const expectNoPiece = (outcome: UpstreamOutcome, key: string, json: boolean) => {
    for (const text of [outcome.message, outcome.reference, outcome.rawBody]) expect(pieces(text, key)).toEqual([]);
    if (json) expect(pieces(JSON.stringify(JSON.parse(outcome.rawBody!)), key)).toEqual([]);
  };
  const runs = { numRuns: 100 };

  test.each(KEYS)("in the message of a 200, of a 401 and of a status lookup (%s)", async (key) => {
    const client = clientFor(server.url, { apiKey: key });
    await fc.assert(
      fc.asyncProperty(encoded(key, jsonWays), fc.constantFrom(200, 202, 401, 402, 500), async (enc, status) => {
        const body =
          `{"status":"success","transaction_reference":"${REF}","message":"Invalid API key ${enc}",` +
          `"error":{"message":"key ${enc} refused"}}`;
        server.handle((_req, res) => void res.writeHead(status, { "Content-Type": "application/json" }).end(body));
        for (const outcome of [await client.charge(request), await client.chargeStatus(REF)]) {
          expectNoPiece(outcome, key, true);
          expect(outcome.message).toContain("[redacted-key]");
        }
      }),
      runs,
    );
  });

  test.each(KEYS)("in a reference: dropped, not kept in part (%s)", async (key) => {
    const client = clientFor(server.url, { apiKey: key });
    await fc.assert(
      fc.asyncProperty(encoded(key, jsonWays), async (enc) => {
        server.handle((_req, res) => void res.writeHead(200).end(`{"status":"pending","transaction_reference":"TXN-${enc}"}`));
        const outcome = await client.charge(request);
        expect(outcome).toMatchObject({ status: "pending", reference: null });
        expectNoPiece(outcome, key, true);
      }),
      runs,
    );
  });

  test.each(KEYS)("in an HTML or form-encoded error page, escapes of three kinds mixed (%s)", async (key) => {
    const client = clientFor(server.url, { apiKey: key });
    await fc.assert(
      fc.asyncProperty(encoded(key, anyWays), async (enc) => {
        server.handle(
          (_req, res) => void res.writeHead(502, { "Content-Type": "text/html" }).end(`<html><p>Bad key ${enc}</p><a href="?key=${enc}">`),
        );
        const outcome = await client.charge(request);
        expect(outcome).toMatchObject({ status: "unknown", code: "upstream_error" });
        expectNoPiece(outcome, key, false);
        // Decoded by hand (not by the scrubber), the body holds no piece of the key either.
        const decoded = outcome
          .rawBody!.replace(/%([0-9a-f]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)))
          .replace(/&#x([0-9a-f]+);/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)))
          .replace(/&#(\d+);/g, (_m, d) => String.fromCharCode(Number(d)))
          .replace(/\\u([0-9a-f]{4})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16)));
        expect(pieces(decoded, key)).toEqual([]);
      }),
      runs,
    );
  });

  test.each(KEYS)("in the user record: a nested value, a property name, and an error message (%s)", async (key) => {
    const client = clientFor(server.url, { apiKey: key });
    await fc.assert(
      fc.asyncProperty(encoded(key, jsonWays), encoded(key, jsonWays), async (inValue, inName) => {
        server.handle(
          (_req, res) =>
            void res.writeHead(200).end(`{"id":"usr_1","settings":{"keys":[{"note":"yours: ${inValue}"}],"by ${inName}":true}}`),
        );
        const user = await client.user();
        expect(user.ok).toBe(true);
        expect(pieces(JSON.stringify(user), key)).toEqual([]);
        expect(user).toMatchObject({
          user: { id: "usr_1", settings: { keys: [{ note: "yours: [redacted-key]" }], "by [redacted-key]": true } },
        });

        server.handle((_req, res) => void res.writeHead(401).end(`{"error":{"message":"Unknown key ${inValue}"}}`));
        const refused = await client.user();
        expect(refused).toMatchObject({ ok: false, code: "upstream_auth", message: "Unknown key [redacted-key]" });
        expect(pieces(JSON.stringify(refused), key)).toEqual([]);
      }),
      runs,
    );
  });
});
