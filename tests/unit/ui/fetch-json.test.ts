// fetchJson (components/ui/fetch-json.ts) against a real server on loopback. The race a walk-through met once
// ("Cannot destructure property 'customers' of null" on a charge's page right after an owner's
// charge): the customer suggestions' request was cancelled as the page moved on, while its body was
// still arriving; the unreadable body was answered as null, and the caller read `{ customers }` of
// it. A cancelled request now rejects with the abort, as a cancelled fetch does.
import { afterAll, beforeAll, expect, test } from "vitest";
import { fetchJson } from "@/components/ui/fetch-json";
import { startServer, type TestServer } from "../support/http-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/slow") {
      // Headers at once, the body half now and the rest never: the read is still under way.
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"customers": [');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end('{"customers": []}');
  });
});
afterAll(() => server.close());

test("a request cancelled while its body arrives rejects with the abort; it never answers null", async () => {
  const controller = new AbortController();
  const answer = fetchJson<{ customers: unknown[] }>(`${server.url}/slow`, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 100));
  controller.abort();
  await expect(answer).rejects.toMatchObject({ name: "AbortError" });
});

test("an answer read whole is given as it is", async () => {
  expect(await fetchJson<{ customers: unknown[] }>(`${server.url}/fast`)).toEqual({ customers: [] });
});
