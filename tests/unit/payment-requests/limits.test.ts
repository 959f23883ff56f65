// The pay page's limits as hostile callers and honest crowds meet them, on a real database with the
// sandbox over real HTTP as the upstream (lib/payment-requests/limits.ts):
// - the address counted is the socket's unless a proxy is declared: rotating X-Forwarded-For from
//   one socket buys nothing; behind a real proxy on loopback two callers are counted apart;
// - what counts is a prompt sent and not approved: 40 payers behind one carrier address, each
//   approving, all pay, while one caller cycling 40 numbers nobody approves is stopped at the 11th;
// - a refused attempt takes no other limit's places: 27 attempts refused for one number leave the
//   link to an honest payer; the budget's refusal counts against nothing.
import { createHash, createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { recordStatusCheck } from "@/lib/charges/status-check";
import { charges, type Charge, rateLimits, user } from "@/lib/db/schema";
import { dispatchEvents } from "@/lib/events/dispatch";
import { clientIp } from "@/lib/http/origin";
import { trackPeerAddresses } from "@/lib/http/peer";
import { createBudget } from "@/lib/momo/budget";
import { numberKey, PAY_LIMITS } from "@/lib/payment-requests/limits";
import { givePaidPlacesBack } from "@/lib/payment-requests/paid";
import { payLink } from "@/lib/payment-requests/pay";
import { createPaymentRequest } from "@/lib/payment-requests/requests";
import { paymentRequestSchema } from "@/lib/payment-requests/schema";
import type { Member } from "@/lib/access/types";
import { asProblem, statusOfError } from "../support/auth";
import { clientFor, newKey } from "../support/charge";
import { backends, useLedger } from "../support/db";
import { memberRow } from "../support/rows";
import type { TestServer } from "../support/http-server";
import { forwardToSandbox, useSandboxUpstream } from "../support/sandbox";
import { askerOf, visitorOf } from "../support/asker";

const owner: Member = { id: "owner-1", email: "owner@example.test", name: "Owner", role: "owner" };
let n = 0;
const phone = () => `02${String(52_000_000 + ++n).padStart(8, "0")}`;
/** The sandbox's number whose prompt is never answered: every attempt through `unanswered` plays it. */
const UNANSWERED = "0240000007";

/** Every prompt sent and left waiting, whatever number it was for: the customer never answers. */
function leaveUnanswered(upstream: TestServer) {
  upstream.handle((req, res, received) => {
    if (received.method === "POST") received.body = JSON.stringify({ ...JSON.parse(received.body), phone_number: UNANSWERED });
    return forwardToSandbox(req, res, received);
  });
}

describe.each(backends)("the pay page's limits on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  const unanswered = () => leaveUnanswered(upstream);
  let budgetKey = "";
  /** A payer from `ip`, against a budget of `limit`. */
  const payer = (ip: string | null, limit = 1_000) =>
    visitorOf(db(), {
      ip,
      upstream: () => ({
        client: clientFor(upstream.url, { timeoutMs: 15_000 }), // a loaded machine's answers are late, not lost
        budget: createBudget(db(), budgetKey, { limit, maxWaitMs: 0, requestShare: 0.5 }),
      }),
    });
  const link = async () => {
    budgetKey = `sk_test_limits_${backend.name}_${randomUUID()}`;
    await db().insert(user).values(memberRow(owner)).onConflictDoNothing();
    const r = await createPaymentRequest(
      askerOf(db(), owner, { upstream: () => payer(null).upstream() }),
      paymentRequestSchema.parse({ amount: "5.00", currency: "GHS", description: "Donations for the school roof", reusable: true }),
    );
    return { ...r, token: r.path.slice("/pay/".length) };
  };
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: unknown) => statusOfError(e),
    );
  /** The customer approves: a status lookup finds it paid, and the outbox is dispatched as it is every second. */
  async function approve(c: Charge) {
    const answer = {
      status: "success",
      code: null,
      reference: c.reference,
      message: "ok",
      httpStatus: 200,
      rawBody: "{}",
      retryAfterSeconds: null,
    } as const;
    await recordStatusCheck(db(), c.id, answer, true);
    await dispatchEvents(db(), { emailOn: false, onTaken: givePaidPlacesBack });
  }
  /** The places taken now on one kind of limit, all keys together. */
  const places = async (prefix: string) =>
    (
      await db()
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `${prefix}:%`))
    ).reduce((sum, row) => sum + row.points, 0);
  const byKey = async (k: string) =>
    (
      await db()
        .select()
        .from(charges)
        .where(like(charges.idempotencyKey, `%:${k}`))
    )[0];

  test("40 payers behind one carrier address, each approving their prompt, all pay; the link's limit holds them too", async () => {
    const r = await link();
    unanswered();
    const crowd = payer("203.0.113.50");
    for (let i = 0; i < 40; i++) {
      const k = newKey();
      expect(await outcome(payLink(crowd, r.token, { phoneNumber: phone() }, k)), `payer ${i + 1}`).toBe(200);
      await approve(await byKey(k));
    }
    expect(posts()).toBe(40);
    const paid = await db().select().from(charges).where(eq(charges.paymentRequestId, r.id));
    expect(paid.filter((c) => c.status === "success")).toHaveLength(40);
    // Approved at once by the network (the sandbox's answer is success): the same.
    upstream.handle(forwardToSandbox);
    for (let i = 0; i < 40; i++) {
      expect(await outcome(payLink(crowd, r.token, { phoneNumber: phone() }, newKey())), `instant payer ${i + 1}`).toBe(200);
      await dispatchEvents(db(), { emailOn: false, onTaken: givePaidPlacesBack });
    }
  });

  test(`one caller cycling 40 numbers that nobody approves is stopped after ${PAY_LIMITS.address} prompts`, async () => {
    const r = await link();
    unanswered();
    const caller = payer("203.0.113.51");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await outcome(payLink(caller, r.token, { phoneNumber: phone() }, newKey())));
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAY_LIMITS.address);
    expect(statuses.slice(PAY_LIMITS.address).every((s) => s === 429)).toBe(true);
    expect(posts()).toBe(PAY_LIMITS.address);
    // Dispatching changes nothing for prompts nobody approved.
    await dispatchEvents(db(), { emailOn: false, onTaken: givePaidPlacesBack });
    expect(await outcome(payLink(caller, r.token, { phoneNumber: phone() }, newKey()))).toBe(429);
  });

  test("the jam: 30 attempts to the attacker's own number (3 sent, 27 refused) leave the link's places; an honest payer pays at once", async () => {
    const r = await link();
    unanswered();
    const attacker = payer("203.0.113.52");
    const own = phone();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await outcome(payLink(attacker, r.token, { phoneNumber: own }, newKey())));
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAY_LIMITS.number);
    expect(posts()).toBe(PAY_LIMITS.number);
    expect(await places("pay_link")).toBe(PAY_LIMITS.number);
    expect(await places("pay_address")).toBe(PAY_LIMITS.number);
    upstream.handle(forwardToSandbox);
    expect(await outcome(payLink(payer("198.51.100.20"), r.token, { phoneNumber: phone() }, newKey()))).toBe(200);
    expect(await outcome(payLink(attacker, r.token, { phoneNumber: phone() }, newKey()))).toBe(200);
  });

  test("the number's count is kept under a digest keyed with the database's secret: no row holds the number, or a digest anyone can make of it", async () => {
    const r = await link();
    const number = phone();
    expect(await outcome(payLink(payer("203.0.113.55"), r.token, { phoneNumber: number }, newKey()))).toBe(200);
    const rows = await db().select().from(rateLimits);
    const plain = createHash("sha256").update(`pay-number:${number}`).digest("hex").slice(0, 32);
    for (const row of rows) {
      expect(row.key).not.toContain(number.slice(1));
      expect(row.key).not.toContain(plain);
    }
    // The key is the keyed digest, and a digest of the number by any other key is another.
    const keyed = await numberKey(db(), number);
    expect(rows.filter((row) => row.key === `pay_number:${keyed}`)).toHaveLength(1);
    expect(keyed).not.toBe(createHmac("sha256", "another secret").update(`pay-number:${number}`).digest("hex").slice(0, 32));
  });

  test("attempts the budget refuses count against nothing: no place on the address, the link or the number", async () => {
    const r = await link();
    const caller = payer("203.0.113.53", 10); // pay links' share: 5 of 10 a minute
    const number = phone();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => payLink(caller, r.token, { phoneNumber: i < 2 ? number : phone() }, newKey())),
    );
    const refused = results.filter((x) => x.status === "rejected").map((x) => asProblem((x as PromiseRejectedResult).reason));
    expect(refused).toHaveLength(3);
    for (const p of refused) expect(p).toMatchObject({ code: "budget_exhausted" });
    // Sent and approved at once (the sandbox): given back when dispatched; the refused never counted.
    await dispatchEvents(db(), { emailOn: false, onTaken: givePaidPlacesBack });
    for (const prefix of ["pay_address", "pay_link", "pay_number"]) expect(await places(prefix), prefix).toBe(0);
  });

  test("a payment's places go back once: dispatching its event again, or a second lookup, gives nothing more", async () => {
    const r = await link();
    unanswered();
    const caller = payer("203.0.113.54");
    const keys = [newKey(), newKey(), newKey()];
    for (const k of keys) await payLink(caller, r.token, { phoneNumber: phone() }, k);
    const first = await byKey(keys[0]);
    await approve(first);
    await approve(first);
    expect(await places("pay_address")).toBe(2);
  });
});

describe.each(backends)("the address the limits count, over real HTTP, on $name", (backend) => {
  const db = useLedger(backend);
  const upstream = useSandboxUpstream();
  const posts = () => upstream.received.filter((r) => r.method === "POST").length;
  const servers: http.Server[] = [];
  let app = "";
  let proxy = "";
  let token = "";
  beforeAll(async () => {
    trackPeerAddresses();
    // The app: a node:http server that pays the link as the pay page does, with the caller's address from clientIp.
    const appServer = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const { phoneNumber } = JSON.parse(Buffer.concat(chunks).toString()) as { phoneNumber: string };
      const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
      const budget = createBudget(db(), `sk_test_peer_${backend.name}`, { limit: 1_000, maxWaitMs: 0, requestShare: 0.5 });
      const status = await payLink(
        visitorOf(db(), {
          headers,
          ip: clientIp(headers),
          upstream: () => ({ client: clientFor(upstream.url, { timeoutMs: 15_000 }), budget }),
        }),
        token,
        { phoneNumber },
        newKey(),
      ).then(
        () => 200,
        (e: unknown) => statusOfError(e),
      );
      res.writeHead(status).end();
    });
    // A proxy in front, as nginx's `proxy_add_x_forwarded_for`: what came in, plus the socket's address.
    const proxyServer = http.createServer((req, res) => {
      const came = req.headers["x-forwarded-for"];
      const xff = [came, req.socket.remoteAddress?.replace(/^::ffff:/, "")].filter(Boolean).join(", ");
      const out = http.request(
        `${app}${req.url}`,
        { method: req.method, headers: { ...req.headers, "x-forwarded-for": xff } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    });
    for (const s of [appServer, proxyServer]) {
      await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
      servers.push(s);
    }
    app = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
    proxy = `http://127.0.0.1:${(proxyServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });
  const newLink = async () => {
    await db().insert(user).values(memberRow(owner)).onConflictDoNothing();
    const r = await createPaymentRequest(
      askerOf(db(), owner),
      paymentRequestSchema.parse({ amount: "5.00", currency: "GHS", description: "Tickets", reusable: true }),
    );
    token = r.path.slice("/pay/".length);
  };
  const unanswered = () => leaveUnanswered(upstream);
  /** One attempt from `from` (a loopback address of this machine) to `base`, with the headers a caller chose. */
  const attempt = (base: string, from: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ phoneNumber: phone() });
      const req = http.request(
        `${base}/pay`,
        { method: "POST", localAddress: from, headers: { "content-type": "application/json", ...headers } },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  test("no proxy declared: a new X-Forwarded-For on every attempt from one socket is one caller, stopped at the 11th", async () => {
    await newLink();
    unanswered();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push(await attempt(app, "127.0.0.1", { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.${i + 1}` }));
    expect(statuses).toEqual([...Array(PAY_LIMITS.address).fill(200), ...Array(15 - PAY_LIMITS.address).fill(429)]);
    expect(posts()).toBe(PAY_LIMITS.address);
  });

  test("behind a proxy (TRUSTED_PROXY_HOPS=1): two callers are counted apart, and rotating X-Forwarded-For buys neither anything", async () => {
    vi.stubEnv("TRUSTED_PROXY_HOPS", "1");
    try {
      await newLink();
      unanswered();
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < 12; i++) {
        a.push(await attempt(proxy, "127.0.0.2", { "x-forwarded-for": `198.51.100.${i + 1}` }));
        b.push(await attempt(proxy, "127.0.0.3"));
      }
      const expected = [...Array(PAY_LIMITS.address).fill(200), ...Array(12 - PAY_LIMITS.address).fill(429)];
      expect(a).toEqual(expected);
      expect(b).toEqual(expected);
      expect(posts()).toBe(2 * PAY_LIMITS.address);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
