// One address policy for both key modes (lib/webhooks/address.ts): LIVE reaches public addresses
// only; TEST reaches public addresses and this machine's loopback, and nothing else private,
// link-local, reserved or metadata. The attack list runs under both keys: each address, written
// literally or reached through a name that resolves to it, is refused when the endpoint is saved,
// and at delivery before any socket is opened (net.Socket's connect is watched). No traffic leaves
// loopback: a refused address is never connected to, and the one delivery that goes is to a
// receiver on 127.0.0.1.
import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import os from "node:os";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Member } from "@/lib/access/types";
import { user } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { KeyMode } from "@/lib/market/key-mode";
import { isAllowedAddress, type LookupAll, URL_MESSAGES } from "@/lib/webhooks/address";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { SEND_ERRORS, sendWebhook } from "@/lib/webhooks/send";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";

/** Loopback, in the spellings an attacker tries: refused with a LIVE key, a TEST key's own machine. */
const LOOPBACK = ["127.0.0.1", "2130706433", "0177.0.0.1", "0x7f000001", "0x7f.0.0.1", "127.1", "127.255.255.254", "[::1]"];

/** Refused under both keys: [what, host as written in a URL, the address a name may resolve to]. */
const PRIVATE: [string, string, string][] = [
  ["IPv4-mapped loopback", "[::ffff:127.0.0.1]", "::ffff:127.0.0.1"],
  ["IPv4-mapped 10/8", "[::ffff:10.0.0.1]", "::ffff:10.0.0.1"],
  ["IPv4-mapped metadata", "[::ffff:a9fe:a9fe]", "::ffff:169.254.169.254"],
  ["IPv4-compatible loopback", "[::7f00:1]", "::7f00:1"],
  ["IPv4-compatible 10/8", "[::a00:1]", "::a00:1"],
  ["10/8", "10.0.0.1", "10.0.0.1"],
  ["10/8, its end", "10.255.255.254", "10.255.255.254"],
  ["172.16/12", "172.16.0.1", "172.16.0.1"],
  ["172.16/12, its end", "172.31.255.254", "172.31.255.254"],
  ["192.168/16", "192.168.0.1", "192.168.0.1"],
  ["the metadata service", "169.254.169.254", "169.254.169.254"],
  ["169.254/16", "169.254.0.1", "169.254.0.1"],
  ["100.64/10 (CGNAT)", "100.64.0.1", "100.64.0.1"],
  ["100.64/10, its end", "100.127.255.254", "100.127.255.254"],
  ["fc00::/7", "[fc00::1]", "fc00::1"],
  ["fc00::/7 (fd)", "[fd00::2]", "fd00::2"],
  ["fe80::/10", "[fe80::1]", "fe80::1"],
  ["fe80::/10, its end", "[febf::1]", "febf::1"],
  ["198.18/15", "198.18.0.1", "198.18.0.1"],
  ["198.18/15, its end", "198.19.255.254", "198.19.255.254"],
  ["multicast", "224.0.0.1", "224.0.0.1"],
  ["multicast (SSDP)", "239.255.255.250", "239.255.255.250"],
  ["IPv6 multicast", "[ff02::1]", "ff02::1"],
  ["NAT64 of 10.0.0.1", "[64:ff9b::a00:1]", "64:ff9b::a00:1"],
  ["6to4 of 10.0.0.1", "[2002:a00:1::]", "2002:a00:1::"],
  ["Teredo", "[2001:0:4136:e378:8000:63bf:3fff:fdd2]", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ["unspecified", "0.0.0.0", "0.0.0.0"],
  ["IPv6 unspecified", "[::]", "::"],
  ["broadcast", "255.255.255.255", "255.255.255.255"],
  ["240/4", "240.0.0.1", "240.0.0.1"],
  ["documentation", "192.0.2.10", "192.0.2.10"],
];

/** This machine's own addresses other than loopback (a container's eth0, a LAN's): never public here. */
const OWN = Object.values(os.networkInterfaces())
  .flat()
  .filter((i): i is os.NetworkInterfaceInfo => !!i && !i.internal)
  .map((i) => i.address.split("%")[0])
  .filter((a) => !isAllowedAddress(a, "live"));

const MODES: KeyMode[] = ["live", "test"];
const refusedWords = (mode: KeyMode) => (mode === "live" ? URL_MESSAGES.privateNetwork : URL_MESSAGES.privateNetworkTest);
const agentWords = (mode: KeyMode) => (mode === "live" ? SEND_ERRORS.privateNetwork : SEND_ERRORS.privateNetworkTest);

/** A name server an attacker runs: every name resolves to `address`. */
const resolvingTo =
  (address: string): LookupAll =>
  async () => [{ address, family: address.includes(":") ? 6 : 4 }];
function socketLookup(address: string): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const family = address.includes(":") ? 6 : 4;
    setImmediate(() => (options.all ? callback(null, [{ address, family }]) : callback(null, address, family)));
  }) as LookupFunction;
}

/**
 * Every TCP connection opened while `fn` runs: the calls of the socket handle's own connect (the
 * one that sends a SYN), which net.Socket#connect makes only once the lookup has answered.
 */
async function connectsDuring(fn: () => Promise<unknown>): Promise<unknown[][]> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const tcp = Object.getPrototypeOf((probe as unknown as { _handle: object })._handle) as Record<
    "connect" | "connect6",
    (...a: unknown[]) => unknown
  >;
  probe.close();
  const v4 = vi.spyOn(tcp, "connect");
  const v6 = vi.spyOn(tcp, "connect6");
  try {
    await fn();
    return [...v4.mock.calls, ...v6.mock.calls];
  } finally {
    v4.mockRestore();
    v6.mockRestore();
  }
}

const message = (url: string) => ({
  url,
  id: "msg_1",
  timestamp: new Date(),
  payload: "{}",
  secrets: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
});

describe.each(backends)("one address policy for both keys, at save time, on $name", (backend) => {
  const db = useLedger(backend);
  const OWNER: Member = { id: "owner-a", email: "abena@example.test", name: "Abena", role: "owner" };
  beforeEach(async () => {
    await db().insert(user).values({ id: OWNER.id, name: "Abena", email: OWNER.email, role: "owner" });
  });
  async function save(mode: KeyMode, url: string, lookup: LookupAll = resolvingTo("93.184.215.14")) {
    const input = { url, description: "shop", eventTypes: ["charge.succeeded" as const] };
    return createEndpoint(askerOf(db(), OWNER), input, { mode, lookup }).then(
      () => null,
      (e: unknown) => (e instanceof AppError ? (e.fields?.url ?? e.code) : String(e)),
    );
  }

  test.each(MODES)("%s: every private address is refused, written literally or behind a name, naming the url field", async (mode) => {
    for (const [what, host, address] of [
      ...PRIVATE,
      ...OWN.map((a): [string, string, string] => ["this machine", a.includes(":") ? `[${a}]` : a, a]),
    ]) {
      expect(await save(mode, `https://${host}/hook`), `${what} ${host}`).toBe(refusedWords(mode));
      expect(await save(mode, "https://hooks.attacker.example/hook", resolvingTo(address)), `${what} by name`).toBe(refusedWords(mode));
    }
  });

  test("loopback: refused with a LIVE key in every spelling; a TEST key's own machine, over https or http", async () => {
    for (const host of LOOPBACK) {
      expect(await save("live", `https://${host}/hook`), host).toBe(URL_MESSAGES.privateNetwork);
      expect(await save("test", `https://${host}/hook`), host).toBeNull();
    }
    expect(await save("live", "https://dev.attacker.example/hook", resolvingTo("127.0.0.1"))).toBe(URL_MESSAGES.privateNetwork);
    expect(await save("test", "https://dev.example/hook", resolvingTo("127.0.0.1"))).toBeNull();
    expect(await save("test", "http://127.0.0.1:4000/hook")).toBeNull();
    // One private answer among loopback and public ones is enough to refuse.
    const mixed: LookupAll = async () => [
      { address: "127.0.0.1", family: 4 },
      { address: "10.0.0.1", family: 4 },
    ];
    expect(await save("test", "https://dev.example/hook", mixed)).toBe(URL_MESSAGES.privateNetworkTest);
  });
});

describe("one address policy for both keys, at delivery: refused before any socket is opened", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  test.each(MODES)("%s: a name resolving to each private address is refused by the agent, with no connect", async (mode) => {
    for (const [what, , address] of [...PRIVATE, ...OWN.map((a): [string, string, string] => ["this machine", a, a])]) {
      let result: Awaited<ReturnType<typeof sendWebhook>> | undefined;
      const connects = await connectsDuring(async () => {
        result = await sendWebhook(message("https://hooks.attacker.example/in"), { mode, timeoutMs: 2_000, lookup: socketLookup(address) });
      });
      expect(result, what).toMatchObject({ ok: false, statusCode: null, body: null, error: agentWords(mode) });
      expect(connects, what).toEqual([]);
    }
  });

  test.each(MODES)("%s: a private address written literally is refused before the agent, with no connect", async (mode) => {
    for (const [what, host] of PRIVATE) {
      let result: Awaited<ReturnType<typeof sendWebhook>> | undefined;
      const connects = await connectsDuring(async () => {
        result = await sendWebhook(message(`https://${host}/in`), { mode, timeoutMs: 2_000 });
      });
      expect(result, what).toMatchObject({ ok: false, statusCode: null, error: refusedWords(mode) });
      expect(connects, what).toEqual([]);
    }
  });

  test("DNS rebinding under a TEST key: saved for a public address, a name now resolving to 10.0.0.1 is refused at connect", async () => {
    const connects = await connectsDuring(async () => {
      const result = await sendWebhook(message("https://hooks.example.com/in"), {
        mode: "test",
        timeoutMs: 2_000,
        lookup: socketLookup("10.0.0.1"),
      });
      expect(result.error).toBe(SEND_ERRORS.privateNetworkTest);
    });
    expect(connects).toEqual([]);
  });

  test("the watch sees a connect: a TEST key's name resolving to loopback is delivered to the receiver there", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      received.push(req.url ?? "");
      res.writeHead(204).end();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    let ok = false;
    const connects = await connectsDuring(async () => {
      ok = (await sendWebhook(message(`http://dev.example:${port}/in`), { mode: "test", lookup: socketLookup("127.0.0.1") })).ok;
    });
    expect(ok).toBe(false); // plain http is for a literal loopback host or localhost only…
    expect(connects).toEqual([]);
    const byName = await connectsDuring(async () => {
      ok = (
        await sendWebhook(message(`https://dev.example:${port}/in`), { mode: "test", timeoutMs: 2_000, lookup: socketLookup("127.0.0.1") })
      ).ok;
    });
    expect(ok).toBe(false); // …https to a name resolving to loopback connects (the receiver speaks http, so TLS fails)…
    expect(byName.length).toBeGreaterThan(0);
    const sent = await connectsDuring(async () => {
      ok = (await sendWebhook(message(`http://127.0.0.1:${port}/in`), { mode: "test" })).ok;
    });
    expect(ok).toBe(true); // …and there it goes through
    expect(sent.length).toBeGreaterThan(0);
    expect(received).toEqual(["/in"]);
  });
});
