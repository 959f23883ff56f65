// A webhook delivery through a kill -9: the merchant's receiver holds the first delivery open, the
// server is killed (SIGKILL) mid-delivery, and started again on the same database. The event then
// arrives by itself, with the same webhook-id, signed with the endpoint's secret, and its delivery
// is recorded as delivered: the outbox and the job queue lose nothing to a crash. On PGlite, whose
// folder belongs to one process, the killed process's claim is let go at start. On PostgreSQL it
// lapses after 30 s and the sweep queues the delivery again: vitest's webhooks/deliver.test.ts
// shows that on PostgreSQL, without a run that waits out the 30 s.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { spawnAppServer, type AppServer } from "./support/app-server";
import { port } from "./support/ports";
import { apiSignIn } from "./support/two-factor";
import { E2E_PASSWORD, emailOf } from "./support/users";

const PORT = port(3223);
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

type Got = { id: string; body: string; headers: http.IncomingHttpHeaders };
const got: Got[] = [];
let hold = true;
let receiver: http.Server;
let app: AppServer | undefined;
let api: APIRequestContext;

async function startApp(mode: "seed" | "keep") {
  // The bundled sandbox (a TEST key): a receiver on this machine may be an endpoint.
  const starting = spawnAppServer("webhook_crash", PORT, mode, { E2E_PASSWORD, SWEEP_INTERVAL_SECONDS: "2" });
  app = starting;
  await starting.ready;
}

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ id: String(req.headers["webhook-id"]), body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
      // The first delivery is held open: the server dies while it waits for the answer.
      if (hold) return;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  await startApp("seed");
  api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  expect((await apiSignIn(api, emailOf("owner"), E2E_PASSWORD)).status).toBe(200);
});

test.afterAll(async () => {
  app?.stop("SIGKILL");
  await api?.dispose();
  receiver?.closeAllConnections();
  receiver?.close();
});

test("a delivery cut short by kill -9 is sent after the restart, same id, verified", async () => {
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const made = await api.post("/api/webhooks", { data: { url, description: "crash", eventTypes: ["charge.succeeded"] } });
  expect(made.status(), await made.text()).toBe(201);
  const { secret, endpoint } = await made.json();
  const charged = await api.post("/api/charges", {
    data: { amount: "3.00", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "crash hook" },
    headers: { "Idempotency-Key": `crash-${Date.now()}` },
  });
  expect(charged.status()).toBe(201);
  expect((await charged.json()).charge.status).toBe("success");

  // The delivery reached the receiver, which holds it: kill the server now.
  await expect.poll(() => got.length, { timeout: 15_000 }).toBe(1);
  const first = got[0];
  const killed = app;
  killed?.stop("SIGKILL");
  app = undefined;
  await killed?.gone();
  hold = false;

  await startApp("keep");
  await expect.poll(() => got.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const again = got[1];
  expect(again.id).toBe(first.id);
  const payload = new Webhook(secret).verify(again.body, again.headers as Record<string, string>) as {
    type: string;
    data: { description?: string };
  };
  expect(payload.type).toBe("charge.succeeded");
  expect(JSON.stringify(payload)).not.toContain("crash hook"); // no description in a payload

  // Its delivery is recorded as delivered (the attempt the kill cut short is counted, not logged: a
  // log row is written when an attempt ends).
  expect((await apiSignIn(api, emailOf("owner"), E2E_PASSWORD)).status).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/webhooks/${endpoint.id}/attempts`)).json()) as { attempts: { ok: boolean; deliveryState: string }[] })
          .attempts[0]?.deliveryState,
      {
        timeout: 10_000,
      },
    )
    .toBe("delivered");
  // Nothing more comes for it.
  await new Promise((r) => setTimeout(r, 2_000));
  expect(got.filter((g) => g.id === first.id)).toHaveLength(2);
});
