// A merchant's web shop on this machine (node:http on 127.0.0.1, a port of its own), as a shop would
// be written against the dashboard's API: it holds an API key and its signing secret, talks to the
// dashboard through a client generated from the OpenAPI document (openapi-fetch with
// tests/support/api-v1.d.ts), sends a customer at checkout to the pay link it makes for the order,
// checks the signature of the customer's way back and of each webhook (standardwebhooks), and lists
// events through the API.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import type { paths } from "../../support/api-v1";

export type Shop = {
  origin: string;
  /** The webhook deliveries it took, each checked with the endpoint's secret. */
  hooks: { id: string; type: string; data: Record<string, unknown> }[];
  /** Set once the dashboard's endpoint for it exists. */
  webhookSecret: { value: string };
  api: ReturnType<typeof createClient<paths>>;
  close: () => Promise<void>;
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

export async function startShop(dashboard: string, keys: { apiKey: string; signingSecret: string }): Promise<Shop> {
  const api = createClient<paths>({ baseUrl: `${dashboard}/api/v1`, headers: { Authorization: `Bearer ${keys.apiKey}` } });
  const hooks: Shop["hooks"] = [];
  const webhookSecret = { value: "" };
  let origin = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", origin);
      try {
        // Checkout: one pay link per order, whatever the retries (the order is the Idempotency-Key).
        const checkout = /^\/checkout\/(\w+)$/.exec(url.pathname);
        if (checkout) {
          const order = checkout[1];
          const { data, error } = await api.POST("/pay_links", {
            params: { header: { "Idempotency-Key": `order-${order}-${url.searchParams.get("try") ?? "1"}` } },
            body: {
              amount_minor: 1_250,
              currency: "GHS",
              description: `Order ${order}`,
              reference: order,
              metadata: { order_id: order },
              return_url: `${origin}/paid?order=${order}`,
            },
          });
          if (error) throw new Error(`${error.error.code}: ${error.error.message}`);
          res.writeHead(303, { Location: data.url }).end();
          return;
        }
        // The customer's way back: ours only if the signature holds; then the charge, from the API.
        if (url.pathname === "/paid") {
          const q = url.searchParams;
          const signed = JSON.stringify({ pay_link: q.get("pay_link"), charge: q.get("charge"), status: q.get("status") });
          let verdict: string;
          try {
            new Webhook(keys.signingSecret).verify(signed, {
              "webhook-id": q.get("charge") ?? "",
              "webhook-timestamp": q.get("timestamp") ?? "",
              "webhook-signature": q.get("signature") ?? "",
            });
            const charge = await api.GET("/charges/{id}", { params: { path: { id: q.get("charge") ?? "" } } });
            verdict = `Signature checked. Order ${q.get("order")}: ${q.get("status")}; the dashboard says ${charge.data?.status}, order ${charge.data?.metadata?.order_id}.`;
          } catch (e) {
            verdict = `Signature refused: ${(e as Error).message}`;
          }
          res
            .writeHead(200, { "content-type": "text/html; charset=utf-8" })
            .end(page("Back at the shop", `<p id="verdict">${verdict}</p>`));
          return;
        }
        if (url.pathname === "/webhook" && req.method === "POST") {
          const body = Buffer.concat(chunks).toString("utf8");
          const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
          const payload = new Webhook(webhookSecret.value).verify(body, headers) as { type: string; data: Record<string, unknown> };
          hooks.push({ id: headers["webhook-id"], type: payload.type, data: payload.data });
          res.writeHead(200).end();
          return;
        }
        res.writeHead(404).end();
      } catch (e) {
        res.writeHead(500, { "content-type": "text/plain" }).end(String(e));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hooks,
    webhookSecret,
    api,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
