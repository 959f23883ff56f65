// The upstream client against a real HTTP server on 127.0.0.1: the exact request on the wire,
// and every way the upstream can answer (or not). fetch is never mocked.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMomoClient, MAX_ANSWER_BYTES } from "@/lib/momo/client";
import type { UpstreamChargeRequest } from "@/lib/momo/schemas";
import { outcomeMessage, TRUNCATION_MARKER, type UpstreamOutcome } from "@/lib/momo/status";
import { clientFor } from "./support/charge";
import { closedPortUrl, faults, sendJson, startServer, type Handler, type TestServer } from "./support/http-server";

const REF = "TXN-MOMO-1700000000001";
const TIMEOUT_MS = 300;
const request: UpstreamChargeRequest = {
  amount: 25.5,
  currency: "GHS",
  phone_number: "0241234567",
  provider: "mtn",
  vouchers: "",
  description: "Order 42",
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const { hang, stallBody, reset } = faults;

describe("charge()", () => {
  test("sends one POST with the bearer key, JSON content type and exactly the six fields", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: REF, message: "Done." }));
    const outcome = await clientFor(server.url, { apiKey: "sk_test_unit_1" }).charge(request);
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/v1/payments/momo/charge");
    expect(sent.headers.authorization).toBe("Bearer sk_test_unit_1");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(Object.keys(JSON.parse(sent.body)).sort()).toEqual([
      "amount",
      "currency",
      "description",
      "phone_number",
      "provider",
      "vouchers",
    ]);
    expect(JSON.parse(sent.body)).toEqual(request);
    expect(sent.body).toContain('"vouchers":""');
    expect(sent.body).toContain('"amount":25.5');
    expect(outcome).toMatchObject({ status: "success", code: null, reference: REF, message: "Done.", httpStatus: 200 });
  });

  test("sends the sandbox caller token only when the config has one (the bundled sandbox)", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success" }));
    const config = { baseUrl: server.url, apiKey: "sk_test_unit_1", timeoutMs: 3_000, sandbox: true };
    await createMomoClient({ ...config, sandboxCaller: "token-123" }).charge(request);
    await createMomoClient({ ...config, sandbox: false }).user();
    expect(server.received.map((r) => r.headers["x-sandbox-caller"])).toEqual(["token-123", undefined]);
  });

  test("keeps a base URL's path prefix", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success" }));
    await clientFor(`${server.url}/sandbox`).charge(request);
    expect(server.received.map((r) => r.url)).toEqual(["/sandbox/v1/payments/momo/charge"]);
  });

  test("refuses to send a body outside the contract, and sends nothing", async () => {
    await expect(clientFor(server.url).charge({ ...request, extra: 1 } as UpstreamChargeRequest)).rejects.toThrow();
    await expect(clientFor(server.url).charge({ ...request, amount: 0 })).rejects.toThrow();
    expect(server.received).toHaveLength(0);
  });

  const faults: [string, Handler, Partial<UpstreamOutcome>][] = [
    ["200 success", json(200, { status: "success", transaction_reference: REF }), { status: "success", code: null, reference: REF }],
    [
      "202 pending",
      json(202, { status: "pending", transaction_reference: REF, message: "Approve on phone." }),
      { status: "pending", message: "Approve on phone." },
    ],
    [
      "200 failed",
      json(200, { status: "failed", transaction_reference: REF, message: "No funds." }),
      { status: "failed", code: "declined", message: "No funds." },
    ],
    [
      "200 unknown word",
      json(200, { status: "mystery", transaction_reference: REF }),
      { status: "unknown", code: "unreadable_response", reference: REF },
    ],
    [
      "200 garbage body",
      (_req, res) => void res.writeHead(200).end("<html>oops"),
      { status: "unknown", code: "unreadable_response", rawBody: "<html>oops" },
    ],
    [
      "400",
      json(400, { error: { message: "Bad body." } }),
      { status: "failed", code: "invalid_request", message: "Bad body.", httpStatus: 400 },
    ],
    [
      "401",
      json(401, { error: { code: "unauthorized", message: "Unknown API key." } }),
      { status: "failed", code: "upstream_auth", message: "Unknown API key." },
    ],
    ["402", json(402, { message: "Insufficient funds." }), { status: "failed", code: "declined", message: "Insufficient funds." }],
    ["403", json(403, {}), { status: "failed", code: "upstream_auth", message: outcomeMessage("upstream_auth") }],
    ["404", json(404, { error: "Not found." }), { status: "failed", code: "rejected", message: "Not found." }],
    ["409", json(409, { status: "duplicate" }), { status: "unknown", code: "conflict", httpStatus: 409 }],
    ["422", json(422, { error: { message: "Invalid fields: phone_number." } }), { status: "failed", code: "invalid_request" }],
    [
      "429",
      json(429, { error: { message: "Slow down." } }, { "Retry-After": "7" }),
      { status: "failed", code: "rate_limited", retryAfterSeconds: 7 },
    ],
    [
      "500",
      (_req, res) => void res.writeHead(500).end("Internal Server Error"),
      { status: "unknown", code: "upstream_error", rawBody: "Internal Server Error" },
    ],
    ["503", json(503, { message: "Maintenance." }), { status: "unknown", code: "upstream_error", message: "Maintenance." }],
    ["connection reset", reset, { status: "unknown", code: "network", httpStatus: null, rawBody: null }],
    ["no answer (timeout)", hang, { status: "unknown", code: "timeout", httpStatus: null }],
    ["headers then a stalled body (timeout)", stallBody, { status: "unknown", code: "timeout", httpStatus: null }],
  ];

  test.each(faults)("%s → mapped outcome, and exactly one request reached the server", async (_name, handler, expected) => {
    server.handle(handler);
    const started = Date.now();
    const outcome = await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).charge(request);
    expect(outcome).toMatchObject(expected);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    // Let a retry, if there were one, arrive before counting.
    await new Promise((r) => setTimeout(r, 50));
    expect(server.received).toHaveLength(1);
  });

  test("connection refused → failed / unreachable (nothing was sent)", async () => {
    const outcome = await clientFor(await closedPortUrl(), { timeoutMs: TIMEOUT_MS }).charge(request);
    expect(outcome).toEqual({
      status: "failed",
      code: "unreachable",
      reference: null,
      message: outcomeMessage("unreachable"),
      httpStatus: null,
      rawBody: null,
      retryAfterSeconds: null,
    });
  });
});

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
        const body = `{"status":"success","transaction_reference":"${REF}","message":"Invalid API key ${enc}","error":{"message":"key ${enc} refused"}}`;
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

describe("answers over 64 kB", () => {
  const MB = 1024 * 1024;
  /** Streams `total` bytes (after `head`) in 64 kB writes, stopping when the client goes away. */
  const stream = (status: number, total: number, head = '{"status":"success","padding":"'): Handler & { sent: () => number } => {
    let sent = 0;
    const handler = (async (_req, res) => {
      let closed = false;
      let wake = () => {};
      res.on("close", () => {
        closed = true;
        wake();
      });
      res.writeHead(status, { "Content-Type": "application/json" });
      res.write(head);
      const block = Buffer.alloc(64 * 1024, "a");
      while (sent < total && !closed) {
        sent += block.length;
        if (!res.write(block))
          await new Promise<void>((r) => {
            wake = r;
            res.once("drain", r);
          });
      }
      res.end('"}');
    }) as Handler;
    return Object.assign(handler, { sent: () => sent });
  };

  test.each([200, 202, 401, 500])("a 40 MB answer (HTTP %i) → unknown / oversized_response, 64 kB of it kept, quickly", async (status) => {
    const handler = stream(status, 40 * MB);
    server.handle(handler);
    const started = Date.now();
    const outcome = await clientFor(server.url).charge(request);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcome).toEqual({
      status: "unknown",
      code: "oversized_response",
      reference: null,
      message: "The upstream's answer was larger than 64 kB and was not read. The money may have moved.",
      httpStatus: status,
      rawBody: expect.stringMatching(/^\{"status":"success","padding":"a+\n\[truncated: the answer exceeded 65,536 bytes\]$/),
      retryAfterSeconds: null,
    });
    expect(outcome.rawBody).toHaveLength(MAX_ANSWER_BYTES + TRUNCATION_MARKER.length);
    expect(handler.sent()).toBeLessThan(40 * MB);
  });

  test("the status lookup maps the same; the user lookup is unreadable_response", async () => {
    server.handle(stream(200, 40 * MB));
    expect(await clientFor(server.url).chargeStatus(REF)).toMatchObject({
      status: "unknown",
      code: "oversized_response",
      httpStatus: 200,
      reference: null,
    });
    expect(await clientFor(server.url).user()).toEqual({
      ok: false,
      code: "unreadable_response",
      message: "The upstream's answer was larger than 64 kB and was not read.",
      httpStatus: 200,
      retryAfterSeconds: null,
    });
  });

  test("an answer of exactly 64 kB is read whole", async () => {
    const body = JSON.stringify({ status: "success", transaction_reference: REF, padding: "" });
    const exact = body.replace('""', `"${"a".repeat(MAX_ANSWER_BYTES - body.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(MAX_ANSWER_BYTES);
    server.handle((_req, res) => void res.writeHead(200).end(exact));
    expect(await clientFor(server.url).charge(request)).toMatchObject({ status: "success", reference: REF, rawBody: exact });
  });

  const KEY = "merchant-7f3a9c2e5d1b4860";
  test.each([
    ["plain", KEY],
    ["escaped", [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")],
    ["shaped like a key", "sk_test_momo_sandbox_2f6c1e9a"],
  ])("a key (%s) cut by the limit leaves no piece of itself", async (_name, written) => {
    for (let kept = 1; kept < written.length; kept += 3) {
      const head = '{"message":"';
      const padding = "a".repeat(MAX_ANSWER_BYTES - head.length - kept);
      server.handle((_req, res) => void res.writeHead(200).end(`${head}${padding}${written}", "status":"success"}`));
      const outcome = await clientFor(server.url, { apiKey: written.startsWith("sk_") ? written : KEY }).charge(request);
      expect(outcome.code).toBe("oversized_response");
      const original = written.startsWith("sk_") ? written : KEY;
      for (let i = 0; i + 8 <= original.length; i++) expect(outcome.rawBody).not.toContain(original.slice(i, i + 8));
      if (kept >= 8 && written === KEY) expect(outcome.rawBody).toContain("[redacted-key]");
    }
  });

  test("a character cut in half by the limit is dropped, not an error", async () => {
    const head = '{"message":"';
    const padding = "a".repeat(MAX_ANSWER_BYTES - head.length - 1); // "é" is 2 bytes: its first is the last read
    server.handle((_req, res) => void res.writeHead(200).end(`${head}${padding}é and more"}`));
    const outcome = await clientFor(server.url).charge(request);
    expect(outcome.rawBody).toBe(`${head}${padding}${TRUNCATION_MARKER}`);
  });
});

describe("chargeStatus()", () => {
  test("GETs the reference, URL-encoded, with the same headers and no body", async () => {
    server.handle((_req, res) => sendJson(res, 200, { status: "success", transaction_reference: "TXN-MOMO-1/2 ?#" }));
    const outcome = await clientFor(server.url, { apiKey: "sk_test_unit_2" }).chargeStatus("TXN-MOMO-1/2 ?#");
    expect(server.received).toHaveLength(1);
    const [sent] = server.received;
    expect(sent).toMatchObject({ method: "GET", url: "/v1/payments/momo/charge/TXN-MOMO-1%2F2%20%3F%23", body: "" });
    expect(sent.headers).toMatchObject({ authorization: "Bearer sk_test_unit_2", "content-type": "application/json" });
    expect(outcome).toMatchObject({ status: "success", reference: "TXN-MOMO-1/2 ?#" });
  });

  test("a timeout is reported, not thrown", async () => {
    server.handle(hang);
    expect(await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).chargeStatus(REF)).toMatchObject({ status: "unknown", code: "timeout" });
    expect(server.received).toHaveLength(1);
  });
});

describe("user()", () => {
  const user = { id: "usr_1", business_name: "Shop", balance: { available: 10 } };

  test("GET /v1/user with the headers; the record is passed through", async () => {
    server.handle((_req, res) => sendJson(res, 200, user));
    expect(await clientFor(server.url, { apiKey: "sk_test_unit_3" }).user()).toEqual({ ok: true, user });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: "GET", url: "/v1/user", body: "" });
    expect(server.received[0].headers).toMatchObject({ authorization: "Bearer sk_test_unit_3", "content-type": "application/json" });
  });

  test.each([
    [
      "401",
      json(401, { error: { message: "Unknown API key." } }),
      { ok: false, code: "upstream_auth", message: "Unknown API key.", httpStatus: 401 },
    ],
    ["429", json(429, {}), { ok: false, code: "rate_limited", message: "The upstream answered HTTP 429.", httpStatus: 429 }],
    [
      "500",
      (_req, res) => void res.writeHead(500).end("boom"),
      { ok: false, code: "upstream_error", message: "The upstream answered HTTP 500.", httpStatus: 500 },
    ],
    ["200 garbage", (_req, res) => void res.writeHead(200).end("not json"), { ok: false, code: "unreadable_response", httpStatus: 200 }],
    ["200 array", json(200, [1, 2]), { ok: false, code: "unreadable_response", httpStatus: 200 }],
    ["timeout", hang, { ok: false, code: "timeout", message: "The upstream did not answer in time.", httpStatus: null }],
    ["stalled body", stallBody, { ok: false, code: "timeout", httpStatus: null }],
    ["reset", reset, { ok: false, code: "network", httpStatus: null }],
  ] as [string, Handler, object][])("%s", async (_name, handler, expected) => {
    server.handle(handler);
    expect(await clientFor(server.url, { timeoutMs: TIMEOUT_MS }).user()).toMatchObject(expected);
    expect(server.received).toHaveLength(1);
  });

  test.each([
    ["nested 5,000 deep", `{"a":${"[".repeat(5_000)}${"]".repeat(5_000)}}`],
    ["an array 5,000 deep", `${"[".repeat(5_000)}${"]".repeat(5_000)}`],
    ["objects 5,000 deep", `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`],
    ["33 deep", `${'{"a":'.repeat(33)}1${"}".repeat(33)}`],
    ["2,001 values", JSON.stringify({ list: Array.from({ length: 2_000 }, (_, i) => i) })],
    ["a number", "42"],
    ["a string", '"usr_1"'],
    ["null", "null"],
  ])("200 with %s → unreadable_response, not a crash", async (_name, body) => {
    server.handle((_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(body));
    expect(await clientFor(server.url).user()).toEqual({
      ok: false,
      code: "unreadable_response",
      message: "The upstream's answer could not be read.",
      httpStatus: 200,
    });
  });

  test("32 deep and 2,000 values are still a record", async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(32)}1${"}".repeat(32)}`);
    server.handle((_req, res) => sendJson(res, 200, deep));
    expect(await clientFor(server.url).user()).toEqual({ ok: true, user: deep });
    const wide = { list: Array.from({ length: 1_998 }, (_, i) => i) }; // with the record and the list: 2,000
    server.handle((_req, res) => sendJson(res, 200, wide));
    expect(await clientFor(server.url).user()).toEqual({ ok: true, user: wide });
  });

  test("refused → unreachable", async () => {
    expect(await clientFor(await closedPortUrl()).user()).toMatchObject({ ok: false, code: "unreachable", httpStatus: null });
  });
});

function json(status: number, body: unknown, headers?: Record<string, string>): Handler {
  return (_req, res) => sendJson(res, status, body, headers);
}
