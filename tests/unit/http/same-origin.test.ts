// The same-origin check every route handler runs before anything else (lib/http/origin.ts).
import { afterEach, describe, expect, test, vi } from "vitest";
import { assertSameOrigin } from "@/lib/http/origin";
import { AppError } from "@/lib/errors";
import { type Problem, problemOf } from "../support/auth";

const HOST = "dash.example:3000";

function req(method: string, headers: Record<string, string> = {}): Request {
  return new Request(`http://${HOST}/api/charges`, { method, headers: { host: HOST, ...headers } });
}

function refused(r: Request): Problem {
  try {
    assertSameOrigin(r);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const problem = problemOf(error as AppError);
    expect(problem).toMatchObject({ status: 403, code: "cross_origin" });
    return problem;
  }
  throw new Error(`expected ${r.method} with ${JSON.stringify([...r.headers])} to be refused`);
}

const UNSAFE = ["POST", "PUT", "PATCH", "DELETE"];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("assertSameOrigin", () => {
  test.each(["GET", "HEAD", "OPTIONS"])("%s always passes, even cross-site", (method) => {
    const r = req(method, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(() => assertSameOrigin(r)).not.toThrow();
  });

  test.each(UNSAFE)("%s without Origin passes (not a browser)", (method) => {
    expect(() => assertSameOrigin(req(method))).not.toThrow();
  });

  test.each(UNSAFE)("%s from the same host passes", (method) => {
    expect(() => assertSameOrigin(req(method, { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" }))).not.toThrow();
  });

  test("same host with Sec-Fetch-Site: none (typed by the person) passes", () => {
    expect(() => assertSameOrigin(req("POST", { origin: `http://${HOST}`, "sec-fetch-site": "none" }))).not.toThrow();
  });

  test.each(UNSAFE)("%s from another host is refused", (method) => {
    refused(req(method, { origin: "https://evil.example" }));
  });

  test.each([
    ["same name, other port", "http://dash.example:4000"],
    ["same name, no port", "http://dash.example"],
    ["a subdomain", "http://evil.dash.example:3000"],
    ["a suffix", "http://dash.example.evil:3000"],
    ["same host and port, other scheme", "https://dash.example:3000"],
  ])("another origin (%s) is refused", (_label, origin) => {
    refused(req("POST", { origin }));
  });

  test('Origin "null" (sandboxed frame, data: URL) is refused', () => {
    refused(req("POST", { origin: "null" }));
  });

  test.each(["not a url", "dash.example:3000", "http://", ""])("malformed Origin %j is refused", (origin) => {
    refused(req("DELETE", { origin }));
  });

  test.each(["cross-site", "same-site"])("Sec-Fetch-Site: %s is refused even with a matching Origin", (site) => {
    refused(req("POST", { origin: `http://${HOST}`, "sec-fetch-site": site }));
  });

  test.each(["cross-site", "same-site"])("Sec-Fetch-Site: %s is refused without Origin", (site) => {
    refused(req("PATCH", { "sec-fetch-site": site }));
  });

  test("the error is the one shape the API answers with", () => {
    const error = refused(req("POST", { origin: "https://evil.example" }));
    expect(error.message).toMatch(/other sites/i);
  });

  test("behind a TLS proxy, X-Forwarded-Proto says which scheme the browser used", () => {
    expect(() => assertSameOrigin(req("POST", { origin: `https://${HOST}`, "x-forwarded-proto": "https" }))).not.toThrow();
    refused(req("POST", { origin: `http://${HOST}`, "x-forwarded-proto": "https" }));
  });

  describe("with APP_URL", () => {
    test("APP_URL's host is accepted when the Host header differs (behind a proxy)", () => {
      vi.stubEnv("APP_URL", "https://pay.example.com");
      const r = new Request("http://10.0.0.5:3000/api/charges", {
        method: "POST",
        headers: { host: "10.0.0.5:3000", origin: "https://pay.example.com", "sec-fetch-site": "same-origin" },
      });
      expect(() => assertSameOrigin(r)).not.toThrow();
    });

    test("the Host header is still accepted", () => {
      vi.stubEnv("APP_URL", "https://pay.example.com");
      expect(() => assertSameOrigin(req("POST", { origin: `http://${HOST}` }))).not.toThrow();
    });

    test("APP_URL's scheme counts: http on APP_URL's host is another origin", () => {
      vi.stubEnv("APP_URL", "https://pay.example.com");
      refused(req("POST", { origin: "http://pay.example.com" }));
    });

    test("other hosts are still refused", () => {
      vi.stubEnv("APP_URL", "https://pay.example.com");
      refused(req("POST", { origin: "https://pay.example.com.evil.example" }));
      refused(req("POST", { origin: "https://evil.example" }));
    });

    test("without APP_URL, that host is refused", () => {
      vi.stubEnv("APP_URL", "");
      delete process.env.APP_URL;
      refused(req("POST", { origin: "https://pay.example.com" }));
    });
  });
});
