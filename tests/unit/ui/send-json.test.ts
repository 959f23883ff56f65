// sendJson and fieldMessage (components/ui/fetch-json.ts) against a real server on loopback: what goes on
// the wire (the method, JSON with its Content-Type, a header of the caller's own, nothing for an
// empty request), a refusal's words kept per field, and a change retried whole after re-auth.
import { afterAll, beforeAll, expect, test } from "vitest";
import { fieldMessage, HttpError, onReauthRequired, sendJson } from "@/components/ui/fetch-json";
import { startServer, type TestServer } from "../support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const answer = (status: number, body: unknown) =>
  server.handle((_req, res) => void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body)));

test("a body goes as JSON with the method, and the caller's headers go with it", async () => {
  answer(201, { charge: { id: "c1" } });
  const sent = await sendJson<{ charge: { id: string } }>(
    "POST",
    `${server.url}/api/charges`,
    { amount: "5.00" },
    { headers: { "Idempotency-Key": "k-1" } },
  );
  expect(sent).toEqual({ charge: { id: "c1" } });
  const got = server.received.at(-1);
  expect(got?.method).toBe("POST");
  expect(got?.headers["content-type"]).toBe("application/json");
  expect(got?.headers["idempotency-key"]).toBe("k-1");
  expect(got?.headers.accept).toBe("application/json");
  expect(JSON.parse(got?.body ?? "")).toEqual({ amount: "5.00" });
});

test("without a body nothing is sent and no Content-Type claims one", async () => {
  answer(200, { ended: 2 });
  expect(await sendJson("DELETE", `${server.url}/api/profile/sessions`)).toEqual({ ended: 2 });
  const got = server.received.at(-1);
  expect(got?.method).toBe("DELETE");
  expect(got?.headers["content-type"]).toBeUndefined();
  expect(got?.body).toBe("");
});

test("a refusal rejects with the server's code, message and field words", async () => {
  answer(422, { error: { code: "invalid_request", message: "Check the fields.", fields: { email: "Enter a valid email address" } } });
  const error = await sendJson("PUT", `${server.url}/api/business`, { contactEmail: "x" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 422, code: "invalid_request", message: "Check the fields." });
  expect(fieldMessage(error, "email")).toBe("Enter a valid email address");
  expect(fieldMessage(error, "name")).toBeUndefined();
  expect(fieldMessage(new Error("Enter a valid email address"), "email")).toBeUndefined();
});

test("a change refused for a stale password proof is sent again, whole, once the member confirms", async () => {
  let calls = 0;
  server.handle((_req, res) => {
    calls++;
    const body = calls === 1 ? { error: { code: "reauth_required", message: "Confirm it's you." } } : { roles: ["owner"] };
    res.writeHead(calls === 1 ? 403 : 200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  let asked = 0;
  const off = onReauthRequired(async () => {
    asked++;
    return true;
  });
  try {
    expect(await sendJson("PUT", `${server.url}/api/security/two-factor`, { roles: ["owner"] })).toEqual({ roles: ["owner"] });
  } finally {
    off();
  }
  expect(asked).toBe(1);
  const [first, second] = server.received.slice(-2);
  expect(second.body).toBe(first.body);
  expect(JSON.parse(second.body)).toEqual({ roles: ["owner"] });
  expect(second.headers["content-type"]).toBe("application/json");
});

test("an unreachable server is the network error, in words for people", async () => {
  const closed = await startServer();
  const url = closed.url;
  await closed.close();
  await expect(sendJson("POST", `${url}/api/session`, {})).rejects.toMatchObject({ status: 0, code: "network" });
});
