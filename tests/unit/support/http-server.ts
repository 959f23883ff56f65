// A real HTTP server on 127.0.0.1 for tests: records every request it receives and answers
// with whatever handler the test sets. Faults are injected by the handler, never by mocks.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

export type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void | Promise<void>;

export type TestServer = {
  url: string;
  received: Received[];
  /** Replaces the handler for the requests that follow. */
  handle(handler: Handler): void;
  close(): Promise<void>;
};

export async function startServer(handler: Handler = (_req, res) => void res.end()): Promise<TestServer> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  let current = handler;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const r: Received = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    received.push(r);
    try {
      await current(req, res, r);
    } catch (error) {
      if (!res.headersSent) res.writeHead(599).end(`test server handler threw: ${String(error)}`);
    }
  });
  // The server keeps an idle connection longer than the client does (undici: 4 s, on a coarse
  // timer), so the client always closes first. With Node's default 5 s the two can close and reuse
  // at once on a loaded machine: the request dies on a socket the server just closed, and a charge
  // sent that way is an unknown outcome, which is right for a real upstream but a flake here.
  server.keepAliveTimeout = 65_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TestServer that stands for whichever server `current` returns at the moment it is used. */
function standIn(current: () => TestServer): TestServer {
  return {
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    handle: (handler) => current().handle(handler),
    close: () => current().close(),
  };
}

/** A fresh server for each test of the enclosing describe (or file), closed after the test. */
export function serverPerTest(): TestServer {
  let server: TestServer | undefined;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server!.close();
  });
  return standIn(() => server!);
}

/** One server for all the tests of the enclosing describe, started before them and closed after them. */
export function serverPerDescribe(handler?: Handler): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(handler);
  });
  afterAll(() => server!.close());
  return standIn(() => server!);
}

/** A URL on 127.0.0.1 where nothing listens (a port just bound and released). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(typeof body === "string" ? body : JSON.stringify(body));
}

/** A handler that answers with this status and JSON body. */
export function json(status: number, body: unknown, headers?: Record<string, string>): Handler {
  return (_req, res) => sendJson(res, status, body, headers);
}

/** Ways an upstream fails to answer, for handle(). */
export const faults = {
  /** The request arrives; no answer ever comes. */
  hang: (() => {}) as Handler,
  /** Headers arrive, then the body stops half-way. */
  stallBody: ((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.write('{"status":"succ');
  }) as Handler,
  /** The connection is dropped after the request has been read. */
  reset: ((req) => void req.socket.destroy()) as Handler,
  /** An internal error with a plain-text body. */
  error500: ((_req, res) => void res.writeHead(500, { "Content-Type": "text/plain" }).end("Internal Server Error")) as Handler,
};
