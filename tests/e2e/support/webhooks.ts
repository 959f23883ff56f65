// What the webhook walk-throughs share: a merchant's receiver on this machine (node:http on
// 127.0.0.1, a port of its own), answering what the test says, keeping every delivery it gets;
// checking a delivery as a merchant would (standardwebhooks); removing a test's endpoints; and
// axe-core on a page at both widths in both schemes.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { axeViolations } from "./axe";
import { reauth } from "./reauth";

export type Delivery = { id: string; path: string; headers: Record<string, string>; body: string; payload: Payload };
export type Payload = { type: string; timestamp: string; data: Record<string, unknown> & { id?: string; phone_number?: string } };

export type Receiver = {
  /** http://127.0.0.1:<port><path> */
  url: (path?: string) => string;
  origin: string;
  /** Every delivery it got, oldest first. */
  got: Delivery[];
  /** The status it answers with from now on. */
  answer: (status: number) => void;
  /** The first delivery that matches, once it has come (15 s at most). */
  waitFor: (match: (d: Delivery) => boolean, what: string, timeoutMs?: number) => Promise<Delivery>;
  close: () => Promise<void>;
};

const flat = (h: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));

export async function startReceiver(): Promise<Receiver> {
  const got: Delivery[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = flat(req.headers);
      got.push({ id: headers["webhook-id"], path: req.url ?? "", headers, body, payload: JSON.parse(body) as Payload });
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ received: status < 300, status }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path = "/hooks") => `${origin}${path}`,
    origin,
    got,
    answer: (s) => {
      status = s;
    },
    waitFor: async (match, what, timeoutMs = 15_000) => {
      await expect.poll(() => got.some(match), { message: `the receiver got ${what}`, timeout: timeoutMs, intervals: [100] }).toBe(true);
      return got.find(match)!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The delivery of the event about this charge (to the endpoint at `path` when given: a receiver may serve several). */
export const aboutCharge =
  (chargeId: string, path?: string, type = "charge.succeeded") =>
  (d: Delivery) =>
    d.payload.type === type && d.payload.data.id === chargeId && (path === undefined || d.path === path);

/** Checks a delivery as the merchant's receiver does: throws unless `secret` signed it. */
export const verify = (secret: string, d: Delivery) => new Webhook(secret).verify(d.body, d.headers) as Payload;

/** Deletes every endpoint pointing at `origin` (a test's receiver), whatever became of the test. */
export async function deleteEndpointsAt(owner: APIRequestContext, origin: string): Promise<void> {
  await reauth(owner);
  const { endpoints } = (await (await owner.get("/api/webhooks")).json()) as { endpoints: { id: string; url: string }[] };
  for (const e of endpoints.filter((x) => x.url.startsWith(origin))) {
    const res = await owner.delete(`/api/webhooks/${e.id}`);
    expect([204, 404]).toContain(res.status());
  }
}

/**
 * axe-core on the page as it is, in the light and the dark scheme, at each width (the page fitting
 * it without sideways scrolling); the page is left at the first width, in the light scheme.
 */
export async function expectAccessible(page: Page, label: string, widths = [1280, 390]): Promise<void> {
  const found: string[] = [];
  const height = page.viewportSize()?.height ?? 900;
  for (const width of [...widths.slice(1), widths[0]]) {
    await page.setViewportSize({ width, height });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${label} at ${width} px`,
    ).toBeLessThanOrEqual(0);
    for (const colorScheme of ["dark", "light"] as const) {
      await page.emulateMedia({ colorScheme });
      found.push(...(await axeViolations(page, { label: `${label} · ${width} px · ${colorScheme}` })));
    }
  }
  expect(found, found.join("\n")).toEqual([]);
}
