// Upstream answers over 64 kB against a real HTTP server on 127.0.0.1: read no further than the
// limit, kept in part, mapped to oversized_response, with no piece of a key cut by the limit.
import { describe, expect, test } from "vitest";
import { MAX_ANSWER_BYTES } from "@/lib/momo/client";
import { TRUNCATION_MARKER } from "@/lib/momo/status";
import { clientFor } from "../support/charge";
import { serverPerTest, type Handler } from "../support/http-server";
import { REF, request } from "../support/upstream";

const server = serverPerTest();

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

  const statuses = [200, 202, 401, 500];
  test.each(statuses)("a 40 MB answer (HTTP %i) → unknown / oversized_response, 64 kB of it kept, quickly", async (status) => {
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
