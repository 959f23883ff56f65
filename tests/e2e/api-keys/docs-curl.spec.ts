// docs/api.md's shop flow, run as written: its curl blocks, read from the guide and run by bash
// against the sandbox server with a key of their own, answer what the guide's comments say — a pay
// link with the order's metadata, the paid charge, the paid event — so the guide cannot drift
// from the API.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { apiAs } from "../support/api";
import { clientAddress } from "../support/attack";
import { expect, test } from "../support/fixtures";
import { pressLikeAPerson } from "../support/press";
import { reauth } from "../support/reauth";

/** The guide's curl blocks, in order: make the link, read the charge, list the events. */
function curlBlocks(): string[] {
  const guide = readFileSync("docs/api.md", "utf8");
  const flow = guide.slice(guide.indexOf("## A shop's flow, in curl"), guide.indexOf("## The same in TypeScript"));
  // Its placeholders become this run's: $DASHBOARD and the key by the environment, the shop's
  // example address by this machine (a TEST key's return may be loopback; this machine resolves no
  // public name, and a return address is checked by where its name resolves).
  return [...flow.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].replaceAll("https://shop.example.com", "http://127.0.0.1:4999"));
}

test("docs/api.md: the shop's curl flow answers what the guide says", async ({ baseURL, browserAs }) => {
  test.setTimeout(60_000);
  const blocks = curlBlocks();
  expect(blocks).toHaveLength(3);
  const owner = await apiAs("owner", baseURL!);
  const made = await owner.post("/api/api-keys", {
    data: { name: "Docs curl", scopes: ["pay_links:write", "charges:read", "events:read"] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { key, secret } = (await made.json()) as { key: { id: string }; secret: string };
  const run = (block: string, env: Record<string, string> = {}) =>
    JSON.parse(
      execFileSync("bash", ["-euo", "pipefail", "-c", block], {
        env: { ...process.env, DASHBOARD: baseURL, MOMO_DASHBOARD_KEY: secret, ...env },
        encoding: "utf8",
        timeout: 15_000,
      }),
    );
  try {
    // 1. The pay link for order 1042.
    const link = run(blocks[0]);
    expect(link).toMatchObject({
      object: "pay_link",
      status: "active",
      amount: "125.00",
      amount_minor: 12500,
      metadata: { order_id: "1042" },
    });
    expect(run(blocks[0]).id, "the same Idempotency-Key again: the same link").toBe(link.id);

    // The customer pays it.
    const context = await browserAs("anonymous", {
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
    });
    const page = await context.newPage();
    await page.goto(link.url);
    await page.getByLabel("Your mobile money number").fill("0240000001");
    await pressLikeAPerson(page, page.getByRole("button", { name: "Pay GH₵125.00" }));
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 15_000 });
    await context.close();
    const charges = await fetch(`${baseURL}/api/v1/charges?pay_link=${link.id}`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(charges.status).toBe(200);
    const [paid] = ((await charges.json()) as { data: { id: string }[] }).data;

    // 2. The charge, before shipping.
    expect(run(blocks[1], { CHARGE: paid.id })).toMatchObject({
      object: "charge",
      status: "success",
      amount_minor: 12500,
      pay_link_id: link.id,
      metadata: { order_id: "1042" },
      phone_number: "024 ••• ••01",
    });

    // 3. The paid event, newest first (the outbox writes it just after the charge).
    await expect
      .poll(() => {
        const events = run(blocks[2]) as { object: string; data: { type: string; data: { pay_link_id?: string } }[] };
        expect(events.object).toBe("list");
        return events.data.some((e) => e.type === "payment_request.paid" && e.data.pay_link_id === link.id);
      })
      .toBe(true);
  } finally {
    await reauth(owner);
    await owner.delete(`/api/api-keys/${key.id}`);
    await owner.dispose();
  }
});
