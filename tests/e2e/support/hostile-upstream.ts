// A stand-in for the upstream that a test programs answer by answer: it can echo the key in any
// encoding, answer with 40 MB, nest JSON 5,000 deep, send wrong types, stall, or say 429. It
// counts what it receives, so a test can prove how often each charge was sent or looked up.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

type Received = { method: string; path: string; at: number; body: string };
type Reply = (res: ServerResponse, req: Received) => void;

export type HostileUpstream = {
  url: string;
  received: Received[];
  /** How POST /v1/payments/momo/charge, the status lookup and GET /v1/user are answered. */
  answer: { charge: Reply; status: Reply; user: Reply };
  close(): Promise<void>;
};

export const json =
  (status: number, value: unknown, headers: Record<string, string> = {}): Reply =>
  (res) =>
    void res
      .writeHead(status, { "Content-Type": "application/json", ...headers })
      .end(typeof value === "string" ? value : JSON.stringify(value));

let refs = 0;
export const ok =
  (status = "success"): Reply =>
  (res, req) =>
    json(200, {
      status,
      transaction_reference: `TXN-MOMO-${Date.now()}${String(refs++).padStart(4, "0")}`,
      message: `The charge is ${status}.`,
    })(res, req);

/** `size` bytes of JSON, written in 1 MB chunks (no 40 MB string in memory). */
export const huge =
  (size: number): Reply =>
  (res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    const chunk = "x".repeat(1 << 20);
    res.write('{"status":"success","message":"');
    let sent = 0;
    const more = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end('"}');
    };
    res.on("error", () => {});
    more();
  };

/** JSON nested `depth` deep inside the field `field`. */
export const deep = (depth: number, field = "nested", base: Record<string, unknown> = {}): Reply =>
  json(
    200,
    `${JSON.stringify(base).slice(0, -1)}${Object.keys(base).length ? "," : ""}"${field}":${"[".repeat(depth)}${"]".repeat(depth)}}`,
  );

export async function startHostileUpstream(key: string): Promise<HostileUpstream> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const answer = { charge: ok(), status: ok("pending"), user: json(200, { id: "usr_hostile", business_name: "Hostile Ltd" }) };
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const r: Received = { method: req.method ?? "", path: req.url ?? "", at: Date.now(), body };
      if (req.headers.authorization !== `Bearer ${key}`) return json(401, { error: { message: "Unknown key." } })(res, r);
      received.push(r);
      if (r.method === "POST" && r.path === "/v1/payments/momo/charge") return answer.charge(res, r);
      if (r.method === "GET" && r.path.startsWith("/v1/payments/momo/charge/")) return answer.status(res, r);
      if (r.method === "GET" && r.path === "/v1/user") return answer.user(res, r);
      json(404, { error: { message: "No such operation." } })(res, r);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
