// The page policy: strict in production (scripts and styles only by nonce), and, on the
// development server only, loose enough for Next.js's own overlay and hot reloading.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { pagePolicy } from "@/lib/http/security-headers";
import { proxy } from "@/proxy";

const NONCE = "bm9uY2Utb2YtdGhlLXRlc3Q=";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((d) => {
      const [name, ...values] = d.split(" ");
      return [name, values] as [string, string[]];
    }),
  );
}

test("production: scripts and styles run only with the nonce; no eval, no inline style but React's hidden segment", () => {
  const p = directives(pagePolicy(NONCE));
  expect(p.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
  expect(p.get("style-src")).toEqual(["'self'", `'nonce-${NONCE}'`]);
  expect(p.get("style-src-attr")).toEqual(["'unsafe-hashes'", "'sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE='"]);
  expect(pagePolicy(NONCE)).not.toMatch(/unsafe-eval|unsafe-inline/);
  expect(pagePolicy(NONCE, { dev: false })).toBe(pagePolicy(NONCE));
  expect(p.get("frame-ancestors")).toEqual(["'none'"]);
  expect(p.get("object-src")).toEqual(["'none'"]);
  expect(p.has("upgrade-insecure-requests")).toBe(false);
});

test("the hidden segment's hash is that of React's display:none", async () => {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode("display:none"));
  const hash = `'sha256-${Buffer.from(digest).toString("base64")}'`;
  expect(directives(pagePolicy(NONCE)).get("style-src-attr")).toContain(hash);
});

test("development: eval for React's development build and hot reloading, inline styles for the overlay", () => {
  const p = directives(pagePolicy(NONCE, { dev: true }));
  expect(p.get("script-src")).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'", "'unsafe-eval'"]);
  // No nonce beside 'unsafe-inline': a browser would then ignore 'unsafe-inline'.
  expect(p.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  expect(p.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
  // Scripts still need the nonce, and the rest is as strict as in production.
  expect(p.get("script-src")).not.toContain("'unsafe-inline'");
  for (const name of ["default-src", "connect-src", "object-src", "base-uri", "form-action", "frame-ancestors"]) {
    expect(p.get(name), name).toEqual(directives(pagePolicy(NONCE)).get(name));
  }
});

test("https adds upgrade-insecure-requests, in either mode", () => {
  expect(directives(pagePolicy(NONCE, { https: true })).has("upgrade-insecure-requests")).toBe(true);
  expect(directives(pagePolicy(NONCE, { dev: true, https: true })).has("upgrade-insecure-requests")).toBe(true);
});

describe("proxy.ts gives the development policy to the development server only", () => {
  afterEach(() => vi.unstubAllEnvs());
  const policyFor = (nodeEnv: string) => {
    vi.stubEnv("NODE_ENV", nodeEnv);
    return proxy(new NextRequest("http://localhost:3000/setup")).headers.get("content-security-policy") ?? "";
  };

  test.each(["production", "test"])("NODE_ENV=%s: the strict policy", (nodeEnv) => {
    const policy = policyFor(nodeEnv);
    expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline/);
  });

  test("NODE_ENV=development: the development policy", () => {
    const policy = policyFor("development");
    expect(policy).toContain("'unsafe-eval'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  });
});
