// Which endpoint URLs may be saved (lib/webhooks/address.ts): the URL's rules for each key mode,
// the address table, and what a host name resolves to (a lookup of the test's own, and the real
// `localhost`). That a LIVE send re-checks the address it connects to is tests/unit/webhooks/send.test.ts.
import { describe, expect, it } from "vitest";
import { checkEndpointAddress, checkEndpointUrl, isPublicAddress, type LookupAll, URL_MESSAGES } from "@/lib/webhooks/address";

const PRIVATE = "This address points inside a private network; a LIVE key sends only to public addresses.";

function refused(raw: string, mode: "test" | "live"): string | null {
  const r = checkEndpointUrl(raw, mode);
  return r.ok ? null : r.message;
}
function accepted(raw: string, mode: "test" | "live"): string | null {
  const r = checkEndpointUrl(raw, mode);
  return r.ok ? r.url.href : null;
}

/** A lookup that answers these addresses and records what it was asked. */
function lookupOf(...addresses: string[]): LookupAll & { calls: { host: string; options: object }[] } {
  const calls: { host: string; options: object }[] = [];
  const fn = async (host: string, options: { all: true; verbatim: true }) => {
    calls.push({ host, options });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
}

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.32.0.1",
    "100.128.0.1",
    "11.0.0.1",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "1.0.0.1",
  ])("%s is public", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "2001:db8::1",
    "64:ff9b::a00:1",
    // The connect-time filter judges an IPv4-mapped address by its form: refused whatever it carries.
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    // IPv4-compatible IPv6 (::/96), which ipaddr.js calls unicast.
    "::7f00:1",
    "::a00:1",
    "::808:808",
  ])("%s is not public", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["", "localhost", "example.com", "127.1", "0x7f000001", "2130706433", "999.1.1.1", "1.2.3.4.5", "[::1]"])(
    "%j is not an address, so not public",
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe("checkEndpointUrl", () => {
  it("accepts https to a public host in both modes, trimmed, and gives the parsed URL", () => {
    expect(accepted("  https://hooks.example.com/momo?x=1 \n", "live")).toBe("https://hooks.example.com/momo?x=1");
    expect(accepted("https://hooks.example.com/momo", "test")).toBe("https://hooks.example.com/momo");
    expect(accepted("https://8.8.8.8:8443/in", "live")).toBe("https://8.8.8.8:8443/in");
    expect(accepted("https://[2606:4700::1111]/in", "live")).toBe("https://[2606:4700::1111]/in");
  });

  it("refuses what is not an absolute http(s) URL", () => {
    expect(refused("", "test")).toBe(URL_MESSAGES.empty);
    expect(refused("   ", "live")).toBe(URL_MESSAGES.empty);
    expect(refused("hooks.example.com/momo", "live")).toBe("Enter a full address, starting with https://.");
    expect(refused("/webhooks", "test")).toBe("Enter a full address, starting with https://.");
    expect(refused("https://999.1.1.1/", "live")).toBe("Enter a full address, starting with https://.");
    expect(refused("ftp://hooks.example.com/", "live")).toBe("Use an https:// address.");
    expect(refused("javascript:alert(1)", "test")).toBe("Use an https:// address.");
    expect(refused("file:///etc/passwd", "test")).toBe("Use an https:// address.");
    expect(refused("data:text/plain,hi", "test")).toBe("Use an https:// address.");
  });

  it("allows plain http only with a TEST key and only to this machine", () => {
    const plain = "Plain http is allowed only to this machine (127.0.0.1) with a TEST key.";
    expect(accepted("http://127.0.0.1:4000/hook", "test")).toBe("http://127.0.0.1:4000/hook");
    expect(accepted("http://127.8.9.10/hook", "test")).toBe("http://127.8.9.10/hook");
    expect(accepted("http://localhost:3001/hook", "test")).toBe("http://localhost:3001/hook");
    expect(accepted("http://[::1]:3001/hook", "test")).toBe("http://[::1]:3001/hook");
    expect(accepted("http://2130706433/hook", "test")).toBe("http://127.0.0.1/hook");
    expect(refused("http://example.com/hook", "test")).toBe(plain);
    expect(refused("http://10.0.0.1/hook", "test")).toBe(plain);
    expect(refused("http://localhost.example.com/hook", "test")).toBe(plain);
    expect(refused("http://127.0.0.1:4000/hook", "live")).toBe(plain);
    expect(refused("http://localhost/hook", "live")).toBe(plain);
    expect(refused("http://example.com/hook", "live")).toBe(plain);
  });

  it("refuses a user name or password, and a fragment, even an empty one", () => {
    const credentials = "Remove the user name and password from the address.";
    expect(refused("https://user:secret@hooks.example.com/", "test")).toBe(credentials);
    expect(refused("https://user@hooks.example.com/", "live")).toBe(credentials);
    expect(refused("https://:secret@hooks.example.com/", "live")).toBe(credentials);
    expect(refused("http://user:pw@127.0.0.1/", "test")).toBe(credentials);
    expect(refused("https://hooks.example.com/in#part", "live")).toBe(URL_MESSAGES.fragment);
    expect(refused("https://hooks.example.com/in#", "live")).toBe(URL_MESSAGES.fragment);
    // "#" ends the host: what looks like credentials is the fragment.
    expect(refused("https://hooks.example.com#@evil.example/", "live")).toBe(URL_MESSAGES.fragment);
  });

  it("takes 2,048 characters and refuses 2,049", () => {
    const base = "https://hooks.example.com/";
    const at = base + "a".repeat(2_048 - base.length);
    expect(at.length).toBe(2_048);
    expect(accepted(at, "live")).toBe(at);
    expect(refused(`${at}a`, "live")).toBe("The address is too long (at most 2,048 characters).");
    expect(refused(`${at}a`, "test")).toBe("The address is too long (at most 2,048 characters).");
    // Within the limit as typed, over it once percent-encoded (each space becomes %20).
    expect(refused(`${base}${" x".repeat(700)}`, "live")).toBe("The address is too long (at most 2,048 characters).");
  });

  it.each([
    "https://127.0.0.1/",
    "https://127.0.0.1:8443/hook",
    "https://[::1]/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0x7f.0.0.1/",
    "https://0177.0.0.1/",
    "https://127.1/",
    "https://%31%32%37.0.0.1/",
  ])("LIVE refuses this machine's loopback %s; TEST takes it", (raw) => {
    expect(refused(raw, "live")).toBe(PRIVATE);
    expect(refused(raw, "test")).toBeNull();
  });

  it.each([
    "https://10.0.0.1/",
    "https://172.16.4.5/",
    "https://172.31.0.1/",
    "https://192.168.0.10/",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/",
    "https://0.0.0.0/",
    "https://0/",
    "https://[::]/",
    "https://[fc00::1]/",
    "https://[fd00:ab::2]/",
    "https://[fe80::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:a9fe:a9fe]/",
    "https://[0:0:0:0:0:ffff:7f00:1]/",
    "https://[::7f00:1]/",
    "https://2852039166/",
  ])("both modes refuse the literal private address %s", (raw) => {
    expect(refused(raw, "live")).toBe(PRIVATE);
    expect(refused(raw, "test")).toBe(URL_MESSAGES.privateNetworkTest);
  });

  it("sees through other spellings of an IPv4 address: the parser normalises them first", () => {
    expect(checkEndpointUrl("https://2130706433/", "test")).toMatchObject({ ok: true, url: { hostname: "127.0.0.1" } });
    expect(checkEndpointUrl("https://0x7f.0.0.1/", "test")).toMatchObject({ ok: true, url: { hostname: "127.0.0.1" } });
    expect(checkEndpointUrl("https://0177.0.0.1/", "test")).toMatchObject({ ok: true, url: { hostname: "127.0.0.1" } });
    expect(checkEndpointUrl("https://2852039166/", "live")).toEqual({ ok: false, message: PRIVATE });
  });

  it("leaves host names to the address check: LIVE https://localhost passes the URL rules", () => {
    expect(accepted("https://localhost:8443/hook", "live")).toBe("https://localhost:8443/hook");
  });
});

describe("checkEndpointAddress", () => {
  const url = (raw: string) => new URL(raw);

  it("TEST: a name resolving to loopback or public addresses is ok; one private answer is refused", async () => {
    expect(await checkEndpointAddress(url("https://dev.example/"), "test", lookupOf("127.0.0.1", "::1"))).toEqual({ ok: true });
    expect(await checkEndpointAddress(url("https://hooks.example.com/"), "test", lookupOf("93.184.215.14"))).toEqual({ ok: true });
    expect(await checkEndpointAddress(url("https://localhost:8443/"), "test")).toEqual({ ok: true });
    const refusedTest = { ok: false, message: URL_MESSAGES.privateNetworkTest };
    expect(await checkEndpointAddress(url("https://internal.example/"), "test", lookupOf("10.0.0.1"))).toEqual(refusedTest);
    expect(await checkEndpointAddress(url("https://internal.example/"), "test", lookupOf("127.0.0.1", "192.168.1.9"))).toEqual(refusedTest);
    expect(await checkEndpointAddress(url("https://10.0.0.1/"), "test", lookupOf())).toEqual(refusedTest);
  });

  it("LIVE: a name all of whose addresses are public is ok; it was asked for all of them, verbatim", async () => {
    const lookup = lookupOf("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c");
    expect(await checkEndpointAddress(url("https://hooks.example.com/in"), "live", lookup)).toEqual({ ok: true });
    expect(lookup.calls).toEqual([{ host: "hooks.example.com", options: { all: true, verbatim: true } }]);
  });

  it.each([
    ["127.0.0.1"],
    ["10.1.2.3"],
    ["169.254.169.254"],
    ["100.64.1.1"],
    ["0.0.0.0"],
    ["::1"],
    ["fd00::5"],
    ["fe80::1"],
    ["::ffff:127.0.0.1"],
    ["8.8.8.8", "192.168.1.20"],
    ["2606:4700::1111", "::1"],
  ])("LIVE: refuses a name that resolves to %s (any private answer)", async (...addresses) => {
    const result = await checkEndpointAddress(url("https://hooks.example.com/in"), "live", lookupOf(...addresses));
    expect(result).toEqual({ ok: false, message: PRIVATE });
  });

  it("LIVE: a name that does not resolve, or resolves to nothing, is refused", async () => {
    const failing: LookupAll = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    };
    expect(await checkEndpointAddress(url("https://nowhere.invalid/"), "live", failing)).toEqual({
      ok: false,
      message: "We could not find this host.",
    });
    expect(await checkEndpointAddress(url("https://empty.example/"), "live", lookupOf())).toEqual({
      ok: false,
      message: "We could not find this host.",
    });
  });

  it("LIVE: a literal address is judged as it is, without a lookup", async () => {
    const lookup = lookupOf("10.0.0.1");
    expect(await checkEndpointAddress(url("https://8.8.8.8/"), "live", lookup)).toEqual({ ok: true });
    expect(await checkEndpointAddress(url("https://[2606:4700::1111]/"), "live", lookup)).toEqual({ ok: true });
    expect(await checkEndpointAddress(url("https://[::1]/"), "live", lookup)).toEqual({ ok: false, message: PRIVATE });
    expect(await checkEndpointAddress(url("https://169.254.169.254/"), "live", lookup)).toEqual({ ok: false, message: PRIVATE });
    expect(lookup.calls).toEqual([]);
  });

  it("LIVE: the real localhost resolves to loopback and is refused (the default lookup is DNS)", async () => {
    expect(await checkEndpointAddress(url("https://localhost:8443/hook"), "live")).toEqual({ ok: false, message: PRIVATE });
  });
});
