// One delivery (lib/webhooks/send.ts) against real receivers on 127.0.0.1: what they receive
// verifies with the standardwebhooks package; what a hostile or broken receiver does (redirects,
// never answers, trickles, answers 5 MB or forever, resets) cannot hold or flood us; and with a
// LIVE key nothing reaches a private address, written literally or reached through DNS.
import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { checkEndpointAddress, checkEndpointUrl } from "@/lib/webhooks/address";
import { BODY_LIMIT_BYTES, type SendResult, sendWebhook, signatureHeader, type WebhookMessage } from "@/lib/webhooks/send";
import { closedPortUrl } from "../support/http-server";

const URL_PRIVATE = "This address points inside a private network; a LIVE key sends only to public addresses.";
const AGENT_PRIVATE = "The address resolved to a private network; a LIVE key sends only to public addresses.";
const REDIRECT = "The endpoint answered with a redirect, which is not followed.";

type Delivery = { method: string; url: string; headers: Record<string, string>; body: string };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, delivery: Delivery) => void;
type Receiver = { url: string; port: number; connections: () => number; deliveries: Delivery[] };

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

/** A receiver on 127.0.0.1 that reads each request whole, then lets the handler answer (or not). */
async function receiver(handler: Handler = (_req, res) => void res.writeHead(204).end()): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    res.on("error", () => {}); // the sender hangs up once it has what it keeps
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const delivery = { method: req.method ?? "", url: req.url ?? "", headers, body: Buffer.concat(chunks).toString("utf8") };
      deliveries.push(delivery);
      handler(req, res, delivery);
    });
  });
  server.on("connection", (socket) => {
    connections += 1;
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  open.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}`, port, connections: () => connections, deliveries };
}

const secret = () => `whsec_${randomBytes(24).toString("base64")}`;
/** Now, to the second: the signature's timestamp has no milliseconds, and verify() wants it recent. */
const nowSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000);
const message = (url: string, over: Partial<WebhookMessage> = {}): WebhookMessage => ({
  url,
  id: "msg_2xQ9c1",
  timestamp: nowSeconds(),
  payload: JSON.stringify({ type: "charge.succeeded", data: { chargeId: "ch_1", amountMinor: 1500 } }),
  secrets: [secret()],
  ...over,
});

/** Answers what the lookup of a name gives: these addresses, in both of dns.lookup's shapes. */
function lookupOf(...addresses: string[]): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const all = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    setImmediate(() => (options.all ? callback(null, all) : callback(null, all[0].address, all[0].family)));
  }) as LookupFunction;
}

const failed = (error: string, statusCode: number | null = null) => ({ ok: false, statusCode, error });

describe("signing", () => {
  it("every delivery verifies with the endpoint's secret; the headers are Standard Webhooks'", async () => {
    const r = await receiver();
    const m = message(r.url, { timestamp: new Date(Date.now() - 60_000) });
    const result = await sendWebhook(m, { mode: "test" });
    expect(result).toMatchObject({ ok: true, statusCode: 204, body: "", error: null });
    expect(r.deliveries).toHaveLength(1);
    const [d] = r.deliveries;
    expect(d.method).toBe("POST");
    expect(d.body).toBe(m.payload);
    expect(d.headers["webhook-id"]).toBe("msg_2xQ9c1");
    expect(d.headers["webhook-timestamp"]).toBe(String(Math.floor(m.timestamp.getTime() / 1000)));
    expect(d.headers["content-type"]).toBe("application/json");
    expect(d.headers["user-agent"]).toBe("MomoDashboard-Webhooks/1.0");
    expect(d.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(m.secrets[0]).verify(d.body, d.headers)).toEqual(JSON.parse(m.payload));
  });

  it("a tampered body, a tampered id or timestamp, or another secret does not verify", async () => {
    const r = await receiver();
    const m = message(r.url);
    await sendWebhook(m, { mode: "test" });
    const [d] = r.deliveries;
    expect(() => new Webhook(m.secrets[0]).verify(d.body.replace("1500", "9500"), d.headers)).toThrow("No matching signature found");
    expect(() => new Webhook(m.secrets[0]).verify(d.body, { ...d.headers, "webhook-id": "msg_other" })).toThrow(
      "No matching signature found",
    );
    const ts = String(Number(d.headers["webhook-timestamp"]) - 1);
    expect(() => new Webhook(m.secrets[0]).verify(d.body, { ...d.headers, "webhook-timestamp": ts })).toThrow(
      "No matching signature found",
    );
    expect(() => new Webhook(secret()).verify(d.body, d.headers)).toThrow("No matching signature found");
  });

  it("during a rotation both secrets sign: either one alone verifies, a third does not", async () => {
    const r = await receiver();
    const [current, previous] = [secret(), secret()];
    const m = message(r.url, { secrets: [current, previous] });
    await sendWebhook(m, { mode: "test" });
    const [d] = r.deliveries;
    const [first, second] = d.headers["webhook-signature"].split(" ");
    expect(d.headers["webhook-signature"]).toBe(`${first} ${second}`);
    expect(first).toBe(new Webhook(current).sign(m.id, m.timestamp, m.payload));
    expect(second).toBe(new Webhook(previous).sign(m.id, m.timestamp, m.payload));
    expect(new Webhook(current).verify(d.body, d.headers)).toEqual(JSON.parse(m.payload));
    expect(new Webhook(previous).verify(d.body, d.headers)).toEqual(JSON.parse(m.payload));
    expect(() => new Webhook(secret()).verify(d.body, d.headers)).toThrow("No matching signature found");
  });

  it("signatureHeader: the timestamp is signed to the second; no secret is a mistake", () => {
    const s = secret();
    const at = new Date("2026-03-01T10:00:00.900Z");
    const base = { id: "msg_1", payload: "{}", secrets: [s] };
    expect(signatureHeader({ ...base, timestamp: at })).toBe(signatureHeader({ ...base, timestamp: new Date("2026-03-01T10:00:00Z") }));
    expect(signatureHeader({ ...base, timestamp: at })).not.toBe(signatureHeader({ ...base, timestamp: new Date("2026-03-01T10:00:01Z") }));
    expect(() => signatureHeader({ ...base, secrets: [], timestamp: at })).toThrow("at least one secret");
  });
});

describe("the endpoint's answer", () => {
  const answer =
    (status: number, body: string): Handler =>
    (_req, res) =>
      void res.writeHead(status, { "content-type": "text/plain" }).end(body);

  it.each([
    [200, "ok", true],
    [204, "", true],
    [404, "no such hook", false],
    [500, "Internal Server Error: database is down", false],
    [410, "gone", false],
  ])("%i → ok %s, with its status and body, and no error", async (status, body, ok) => {
    const r = await receiver(answer(status, body));
    const result = await sendWebhook(message(r.url), { mode: "test" });
    expect(result).toMatchObject({ ok, statusCode: status, body, error: null });
    expect(result.durationMs).toBeGreaterThan(0);
  });

  it("keeps only the first kB of an error's body", async () => {
    const page = `<html>${"x".repeat(3_000)}</html>`;
    const r = await receiver(answer(500, page));
    const result = await sendWebhook(message(r.url), { mode: "test" });
    expect(result).toMatchObject({ ok: false, statusCode: 500, error: null, body: page.slice(0, 1_024) });
  });

  it("a 302 is not followed: the second receiver gets nothing", async () => {
    const second = await receiver();
    const first = await receiver((_req, res) => void res.writeHead(302, { location: `${second.url}/elsewhere` }).end("moved"));
    const result = await sendWebhook(message(first.url), { mode: "test" });
    expect(result).toMatchObject({ ...failed(REDIRECT, 302), body: "moved" });
    expect(first.deliveries).toHaveLength(1);
    expect(second.connections()).toBe(0);
  });

  it("a 5 MB answer: exactly its first 1,024 bytes are kept", async () => {
    const big = Array.from({ length: 5 * 1024 * 1024 }, (_, i) => String.fromCharCode(65 + (i % 26))).join("");
    const r = await receiver((_req, res) => void res.writeHead(200).end(big));
    const result = await sendWebhook(message(r.url), { mode: "test" });
    expect(BODY_LIMIT_BYTES).toBe(1_024);
    expect(result).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(result.body).toBe(big.slice(0, 1_024));
  });

  it("an answer that never ends is not read on: the result comes with its first kB, long before the deadline", async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, "z");
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once("drain", pump);
      };
      pump();
    });
    const t0 = performance.now();
    const result = await sendWebhook(message(r.url), { mode: "test", timeoutMs: 5_000 });
    expect(result).toEqual({ ok: true, statusCode: 200, error: null, body: "z".repeat(1_024), durationMs: expect.any(Number) });
    expect(performance.now() - t0).toBeLessThan(4_000);
  });

  it("a multi-byte character cut by the 1,024th byte decodes to U+FFFD, without throwing", async () => {
    const twoByte = `${"a".repeat(1_023)}é and more`;
    const fourByte = `${"b".repeat(1_022)}😀 and more`;
    for (const [text, kept] of [
      [twoByte, `${"a".repeat(1_023)}\uFFFD`],
      [fourByte, `${"b".repeat(1_022)}\uFFFD`],
    ]) {
      const r = await receiver((_req, res) => void res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(text));
      expect(await sendWebhook(message(r.url), { mode: "test" })).toMatchObject({ ok: false, statusCode: 500, body: kept, error: null });
    }
  });
});

describe("the deadline covers the whole attempt", () => {
  const TIMEOUT = 300;
  const timed = async (run: () => Promise<SendResult>) => {
    const t0 = performance.now();
    const result = await run();
    return { result, elapsed: performance.now() - t0 };
  };

  it("a receiver that never answers: no status, an error, within the deadline", async () => {
    const r = await receiver(() => {});
    const { result, elapsed } = await timed(() => sendWebhook(message(r.url), { mode: "test", timeoutMs: TIMEOUT }));
    expect(result).toMatchObject({ ...failed("No answer within 0.3 s."), body: null });
    expect(r.deliveries).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT - 5);
    expect(elapsed).toBeLessThan(TIMEOUT + 2_000);
    expect(result.durationMs).toBeGreaterThanOrEqual(TIMEOUT - 5);
  });

  it("a receiver that trickles its body a byte at a time cannot hold us past the deadline", async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write("x")), 20);
      res.on("close", () => clearInterval(drip));
    });
    const { result, elapsed } = await timed(() => sendWebhook(message(r.url), { mode: "test", timeoutMs: TIMEOUT }));
    expect(result).toMatchObject(failed("No answer within 0.3 s.", 200));
    expect(result.body).toMatch(/^x+$/);
    expect(elapsed).toBeLessThan(TIMEOUT + 2_000);
  });

  it("a name that never resolves: the deadline covers DNS too", async () => {
    const hanging = (() => {}) as unknown as LookupFunction;
    const { result, elapsed } = await timed(() =>
      sendWebhook(message("https://hooks.example.com/in"), { mode: "live", timeoutMs: TIMEOUT, lookup: hanging }),
    );
    expect(result).toMatchObject(failed("No answer within 0.3 s."));
    expect(elapsed).toBeLessThan(TIMEOUT + 2_000);
  });

  it("says the deadline in seconds", async () => {
    const r = await receiver(() => {});
    const result = await sendWebhook(message(r.url), { mode: "test", timeoutMs: 1_000 });
    expect(result.error).toBe("No answer within 1 s.");
  });
});

describe("connection failures", () => {
  it("a port where nothing listens: Connection refused.", async () => {
    const result = await sendWebhook(message(await closedPortUrl()), { mode: "test" });
    expect(result).toEqual({ ...failed("Connection refused."), body: null, durationMs: expect.any(Number) });
  });

  it("a receiver that drops the connection: Connection reset.", async () => {
    const r = await receiver((req) => void req.socket.destroy());
    expect(await sendWebhook(message(r.url), { mode: "test" })).toMatchObject(failed("Connection reset."));
  });

  it("a receiver that drops the connection half-way through its body: its status, what came, Connection reset.", async () => {
    const r = await receiver((req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("partial", () => setTimeout(() => req.socket.destroy(), 50));
    });
    expect(await sendWebhook(message(r.url), { mode: "test" })).toMatchObject({ ...failed("Connection reset.", 200), body: "partial" });
  });

  it("https to a server that speaks plain http: a short TLS error, never the secret or the payload", async () => {
    const r = await receiver();
    const m = message(`https://127.0.0.1:${r.port}/in`);
    const result = await sendWebhook(m, { mode: "test" });
    expect(result).toMatchObject({ ok: false, statusCode: null, body: null });
    expect(result.error).toMatch(/^TLS failed: [a-z ]+\.$/);
    expect(result.error).not.toContain(m.secrets[0].slice(6, 20));
    expect(result.error).not.toContain("charge");
  });
});

describe("LIVE: nothing reaches a private address", () => {
  it("plain http to 127.0.0.1 is refused by the URL rule; no connection is made", async () => {
    const r = await receiver();
    const result = await sendWebhook(message(`${r.url}/in`), { mode: "live" });
    expect(result).toMatchObject(failed("Plain http is allowed only to this machine (127.0.0.1) with a TEST key."));
    expect(r.connections()).toBe(0);
  });

  it.each([
    "https://127.0.0.1:PORT/in",
    "https://[::ffff:127.0.0.1]:PORT/in",
    "https://2130706433:PORT/in",
    "https://0x7f000001:PORT/in",
    "https://0177.0.0.1:PORT/in",
    "https://[::1]:PORT/in",
    "https://10.0.0.1/",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/",
    "https://0.0.0.0:PORT/",
  ])("%s is refused fast, before any connection", async (raw) => {
    const r = await receiver();
    const t0 = performance.now();
    const result = await sendWebhook(message(raw.replace("PORT", String(r.port))), { mode: "live" });
    expect(result).toMatchObject({ ...failed(URL_PRIVATE), body: null });
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(r.connections()).toBe(0);
  });

  it("DNS rebinding: a name checked public at save time that resolves to loopback at send time is refused by the agent", async () => {
    const r = await receiver();
    const saved = checkEndpointUrl(`https://localhost:${r.port}/in`, "live");
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    // At save time the name resolved to a public address…
    expect(await checkEndpointAddress(saved.url, "live", async () => [{ address: "93.184.215.14", family: 4 }])).toEqual({ ok: true });
    // …and the real lookup now says 127.0.0.1: the agent refuses the socket.
    expect(await checkEndpointAddress(saved.url, "live")).toEqual({ ok: false, message: URL_PRIVATE });
    const result = await sendWebhook(message(saved.url.href), { mode: "live" });
    expect(result).toMatchObject({ ...failed(AGENT_PRIVATE), body: null });
    expect(r.connections()).toBe(0);
  });

  it("the same name in TEST mode is delivered: the refusal above is the LIVE agent's", async () => {
    const r = await receiver();
    expect(await sendWebhook(message(`http://localhost:${r.port}/in`), { mode: "test" })).toMatchObject({ ok: true, statusCode: 204 });
    expect(r.deliveries).toHaveLength(1);
  });

  it.each([
    ["127.0.0.1"],
    ["10.0.0.7"],
    ["172.20.0.2"],
    ["192.168.1.1"],
    ["169.254.169.254"],
    ["100.64.0.1"],
    ["0.0.0.0"],
    ["::1"],
    ["::"],
    ["fd00::1"],
    ["fe80::1"],
    ["::ffff:127.0.0.1"],
    ["::ffff:a9fe:a9fe"],
    ["192.88.99.1"],
    ["2606:4700::1111", "127.0.0.1"],
  ])("the agent refuses a name resolving to %s, after DNS", async (...addresses) => {
    const r = await receiver();
    const url = `https://hooks.example.com:${r.port}/in`;
    expect(checkEndpointUrl(url, "live").ok).toBe(true);
    const result = await sendWebhook(message(url), { mode: "live", lookup: lookupOf(...addresses) });
    expect(result).toMatchObject(failed(AGENT_PRIVATE));
    expect(r.connections()).toBe(0);
  });

  it("the agent lets a public address through (it then fails as the network does, not as a refusal)", async () => {
    const passed = await sendWebhook(message("https://hooks.example.com:9/in"), {
      mode: "live",
      timeoutMs: 300,
      lookup: lookupOf("8.8.8.8"),
    });
    expect(passed.ok).toBe(false);
    expect(passed.error).not.toBe(AGENT_PRIVATE);
    expect(passed.error).toEqual(expect.any(String));
  });

  it("TEST mode sends where LIVE refuses: http to 127.0.0.1 and to localhost", async () => {
    const r = await receiver();
    expect(await sendWebhook(message(`${r.url}/a`), { mode: "test" })).toMatchObject({ ok: true, statusCode: 204, error: null });
    expect(await sendWebhook(message(`http://localhost:${r.port}/b`), { mode: "test" })).toMatchObject({ ok: true, statusCode: 204 });
    expect(r.deliveries.map((d) => d.url)).toEqual(["/a", "/b"]);
  });

  it("TEST mode still refuses, with no connection: http to another host, credentials, a 2,049-character URL", async () => {
    const r = await receiver();
    expect(await sendWebhook(message("http://example.com/in"), { mode: "test" })).toMatchObject(
      failed("Plain http is allowed only to this machine (127.0.0.1) with a TEST key."),
    );
    expect(await sendWebhook(message(`https://user:pw@127.0.0.1:${r.port}/in`), { mode: "test" })).toMatchObject(
      failed("Remove the user name and password from the address."),
    );
    const long = `${r.url}/`;
    expect(await sendWebhook(message(long + "a".repeat(2_049 - long.length)), { mode: "test" })).toMatchObject(
      failed("The address is too long (at most 2,048 characters)."),
    );
    expect(r.connections()).toBe(0);
  });
});
