// A TCP proxy on 127.0.0.1 in front of a server (PostgreSQL), to take it out of reach and back
// without touching the server itself: cut (every connection reset, and each new one as it comes),
// hang (nothing goes through either way, on old and new connections: a network that drops
// packets) and restore (connections made anew).
import net, { type AddressInfo, type Socket } from "node:net";

export type TcpProxy = { port: number; cut(): void; hang(): void; restore(): void; close(): Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let mode: "open" | "cut" | "hang" = "open";
  const keep = (s: Socket) => {
    sockets.add(s);
    s.on("error", () => {});
    s.on("close", () => sockets.delete(s));
  };
  const server = net.createServer((client) => {
    keep(client);
    if (mode === "cut") return void client.destroy();
    if (mode === "hang") return;
    const upstream = net.connect(target.port, target.host);
    keep(upstream);
    // Bytes go through only while open: from hang() on, both ways fall silent on the connections
    // already made too, as a network that drops packets does.
    client.on("data", (chunk) => void (mode === "open" && upstream.write(chunk)));
    upstream.on("data", (chunk) => void (mode === "open" && client.write(chunk)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      mode = "cut";
      dropAll();
    },
    hang() {
      mode = "hang";
    },
    restore() {
      mode = "open";
      dropAll(); // what hung gets its error now
    },
    close: () => {
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
