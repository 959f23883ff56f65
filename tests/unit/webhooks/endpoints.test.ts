// An owner's webhook endpoints on a real database: with a LIVE key an address inside a private
// network is refused when saved (loopback, 10.0.0.0/8, the metadata service, a name that resolves
// to 127.0.0.1), with a message naming the field; the secret is shown once and never again; every
// change is audited with the host only; and the whole number's inclusion is an entry of its own.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import type { Member } from "@/lib/access/types";
import { auditEvents, user, webhookEndpoints } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { changeEndpoint, createEndpoint, deleteEndpoint, getEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import type { LookupAll } from "@/lib/webhooks/address";
import { askerOf } from "../support/asker";
import { backends, useLedger } from "../support/db";

const OWNER: Member = { id: "owner-a", email: "abena@example.test", name: "Abena", role: "owner" };
const input = (url: string) => ({ url, description: "Shop", eventTypes: ["charge.succeeded" as const] });
/** What the names resolve to, as a DNS server controlled by an attacker might answer. */
const lookup: LookupAll = async (host) => {
  const table: Record<string, string> = {
    "hooks.shop.example": "93.184.215.14",
    "inside.attacker.example": "127.0.0.1",
    "lan.attacker.example": "10.1.2.3",
  };
  if (!table[host]) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
  return [{ address: table[host], family: 4 }];
};

async function refusal(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return { code: (e as AppError).code, url: (e as AppError).fields?.url };
}

describe.each(backends)("webhook endpoints on $name", (backend) => {
  const db = useLedger(backend);
  beforeEach(async () => {
    await db().insert(user).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: "owner" });
  });
  const owner = () => askerOf(db(), OWNER, { ip: "10.9.9.9" });
  const live = { mode: "live", lookup } as const;

  test("with a LIVE key, private addresses are refused at save time, naming the url field; nothing is saved", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.0.0.8/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://2130706433/hook",
      "https://inside.attacker.example/hook",
      "https://lan.attacker.example/hook",
      "http://hooks.shop.example/hook",
    ]) {
      const r = await refusal(createEndpoint(owner(), input(url), live));
      expect(r.code, url).toBe("invalid_request");
      expect(r.url, url).toMatch(/private network|Plain http/);
    }
    expect(await refusal(createEndpoint(owner(), input("https://nowhere.example/hook"), live))).toEqual({
      code: "invalid_request",
      url: "We could not find this host.",
    });
    expect(await db().$count(webhookEndpoints)).toBe(0);
    const made = await createEndpoint(owner(), input("https://hooks.shop.example/hook"), live);
    expect(made.endpoint.url).toBe("https://hooks.shop.example/hook");
  });

  test("with a TEST key, plain http only to this machine", async () => {
    const test = { mode: "test", lookup } as const;
    expect((await createEndpoint(owner(), input("http://127.0.0.1:9/hook"), test)).endpoint.status).toBe("on");
    expect((await refusal(createEndpoint(owner(), input("http://hooks.shop.example/hook"), test))).url).toMatch(/Plain http/);
  });

  test("changing the address is checked again; the secret is shown once, never listed", async () => {
    const { endpoint, secret } = await createEndpoint(owner(), input("https://hooks.shop.example/hook"), live);
    expect(secret).toMatch(/^whsec_/);
    expect(await refusal(changeEndpoint(owner(), endpoint.id, { url: "https://inside.attacker.example/x" }, live))).toMatchObject({
      code: "invalid_request",
    });
    expect((await getEndpoint(db(), endpoint.id)).url).toBe("https://hooks.shop.example/hook");
    for (const shown of [await listEndpoints(db()), await getEndpoint(db(), endpoint.id)])
      expect(JSON.stringify(shown)).not.toContain(secret.slice(6));
  });

  test("every change audited with the host only and the caller's address; the whole number's inclusion is its own entry", async () => {
    const { endpoint } = await createEndpoint(owner(), input("https://hooks.shop.example/private/path?token=abc"), live);
    await changeEndpoint(owner(), endpoint.id, { includePhoneNumber: true }, live);
    await changeEndpoint(owner(), endpoint.id, { includePhoneNumber: true }, live); // no change, no entry
    await changeEndpoint(owner(), endpoint.id, { enabled: false }, live);
    await changeEndpoint(owner(), endpoint.id, { eventTypes: ["charge.failed", "batch.finished"] }, live);
    await deleteEndpoint(owner(), endpoint.id);
    const rows = await db().select().from(auditEvents).where(eq(auditEvents.targetId, endpoint.id)).orderBy(auditEvents.id);
    expect(rows.map((r) => r.action)).toEqual([
      "webhook_endpoint_created",
      "webhook_phone_number_shared",
      "webhook_endpoint_disabled",
      "webhook_endpoint_changed",
      "webhook_endpoint_deleted",
    ]);
    expect(rows[1].detail).toMatchObject({ host: "hooks.shop.example", included: true });
    expect(rows.map((r) => r.ip)).toEqual(rows.map(() => "10.9.9.9"));
    expect(JSON.stringify(rows)).not.toMatch(/private\/path|token=abc|whsec_/);
  });

  test("at most 20 endpoints, even when owners add them at once", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => createEndpoint(owner(), input(`http://127.0.0.1:${9000 + i}/`), { mode: "test" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(await db().$count(webhookEndpoints)).toBe(20);
  });
});
