// Security headers as the browser receives them: every page carries a nonce policy that lets
// the app's own scripts run and nothing else, no page may be framed, and API responses load
// nothing. A policy that blocked our own code would show as a violation here.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { charge, uniqueDescription } from "../support/charge";

test.use({ role: "owner" });

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...console];
}

function policyOf(header: string | undefined): Map<string, string> {
  expect(header, "Content-Security-Policy header").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)] as [string, string]),
  );
}

test("every page runs under a nonce policy with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await charge(page, { amount: "2.00", phone: "0240000001", description: uniqueDescription("csp") });
  const id = page.url().split("/").at(-1);
  // A bulk batch: its page drew its progress bar with a style attribute the policy refused.
  const made = await page.request.post("/api/batches", {
    data: { label: uniqueDescription("csp batch"), rows: [{ phone: "0240000001", amount: "1.00", description: "csp" }] },
    headers: { "Content-Type": "application/json", Origin: new URL(page.url()).origin },
  });
  expect(made.status(), await made.text()).toBe(201);
  const batch = (await made.json()).batch.id;
  for (const path of [
    "/batches",
    "/batches/new",
    `/batches/${batch}`,
    "/pay-links",
    "/customers",
    "/notifications",
    "/settings",
    "/settings/webhooks",
    "/settings/api-keys",
    "/settings/api-keys/reference",
    "/charges/new",
    "/transactions",
    `/transactions/${id}`,
    `/transactions/${id}/receipt`,
    "/reconcile",
    "/insights",
    "/account",
    "/team",
    "/audit",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const policy = policyOf(response?.headers()["content-security-policy"]);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy.get("script-src") ?? "")?.[1];
    expect(nonce, `${path}: script-src has a nonce`).toBeTruthy();
    expect(policy.get("script-src")).not.toContain("unsafe-inline");
    expect(policy.get("script-src")).not.toContain("unsafe-eval");
    expect(policy.get("style-src")).not.toContain("unsafe-inline");
    // One hashed declaration ("display:none", React's hidden streamed segment) and nothing else.
    expect(policy.get("style-src-attr")).toBe("'unsafe-hashes' 'sha256-aqNNdDLnnrDOnTNdkJpYlAxKVJtLt9CtFLklmInuUAE='");
    expect(policy.get("frame-ancestors")).toBe("'none'");
    expect(policy.get("object-src")).toBe("'none'");
    // Every script the HTML carries is one of ours: it has this response's nonce.
    const html = await response!.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    await expect(page.locator("main")).toBeVisible();
  }
  // The pages hydrated and worked: the charge above went through the form.
  expect(await violations()).toEqual([]);
});

test("each response has its own nonce", async ({ request }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const res = await request.get("/transactions");
    nonces.add(/'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")![1]);
  }
  expect(nonces.size).toBe(3);
});

test("a script injected into a page does not run", async ({ page }) => {
  const violations = await watchViolations(page);
  // Stand in for an injection: the page's own HTML, with a script of somebody else's added.
  await page.route("**/transactions", async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      "</body>",
      '<script>window.__injected = 1</script><img src=x onerror="window.__injected = 2"></body>',
    );
    await route.fulfill({ response, body });
  });
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
  expect((await violations()).some((v) => v.startsWith("script-src"))).toBe(true);
});

test("the fixed headers are on pages, API responses and static files", async ({ request, page }) => {
  const pageRes = await request.get("/transactions");
  const apiRes = await request.get("/api/charges");
  await page.goto("/transactions");
  // The history runs no framework script: its stylesheet is the static file it loads.
  const chunk = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")]
      .map((l) => l.href)
      .find((href) => href.includes("/_next/static/")),
  );
  const staticRes = await request.get(chunk!);
  for (const res of [pageRes, apiRes, staticRes]) {
    const h = res.headers();
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("same-origin");
    expect(h["x-frame-options"]).toBe("DENY");
    // `next start` runs the production build, which sends HSTS (browsers ignore it over plain HTTP).
    expect(h["strict-transport-security"]).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    expect(h["x-powered-by"]).toBeUndefined();
  }
  expect(apiRes.status()).toBe(200);
  expect(apiRes.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
});

test("no page can be framed", async ({ page }) => {
  await page.goto("/charges/new");
  const origin = new URL(page.url()).origin;
  // A page of another origin tries to frame the dashboard.
  await page.route("http://framer.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<iframe src="${origin}/transactions" onload="window.__framed = 1"></iframe>` }),
  );
  await page.goto("http://framer.test/");
  await page.waitForFunction(() => (window as unknown as { __framed?: number }).__framed === 1);
  const child = page.frames().find((f) => f !== page.mainFrame());
  expect(child).toBeTruthy();
  // Chromium refuses the frame and shows its own error document: nothing of the dashboard.
  expect(child!.url().startsWith(origin)).toBe(false);
  expect(await child!.locator("main#main").count()).toBe(0);
});
