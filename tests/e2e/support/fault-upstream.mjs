// A misbehaving upstream for the end-to-end tests: it answers the contract's paths with
// faults, so the app's handling of a broken upstream is seen in the browser.
import http from "node:http";

const port = Number(process.argv[2] ?? 3299);
const key = process.argv[3];
if (!key) throw new Error("usage: fault-upstream.mjs PORT API_KEY");

const server = http.createServer((req, res) => {
  if (req.url === "/health") return res.end("ok");
  if (req.headers.authorization !== `Bearer ${key}`) {
    res.writeHead(401, { "Content-Type": "application/json" });
    return res.end(JSON.stringify({ error: { message: "Invalid key" } }));
  }
  // The status lookup knows one charge: the one answered with an unreadable status below.
  if (req.method === "GET" && req.url === "/v1/payments/momo/charge/TXN-MOMO-9000001") {
    res.writeHead(200, { "Content-Type": "application/json" });
    return res.end(JSON.stringify({ status: "success", transaction_reference: "TXN-MOMO-9000001", message: "Settled after review." }));
  }
  if (req.method === "GET" && req.url === "/v1/user") {
    res.writeHead(503, { "Content-Type": "application/json" });
    return res.end(JSON.stringify({ error: { code: "maintenance", message: "The account service is down for maintenance." } }));
  }
  if (req.method === "POST" && req.url === "/v1/payments/momo/charge") {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const phone = JSON.parse(body).phone_number;
      if (phone === "0241111111") {
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<html>gateway hiccup</html>");
      }
      if (phone === "0243333333") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ status: "queued_for_review", transaction_reference: "TXN-MOMO-9000001" }));
      }
      if (phone === "0244444444") {
        // Long enough that a slow machine still submits the form inside the pause (4 s was not).
        res.writeHead(429, { "Content-Type": "application/json", "Retry-After": "12" });
        return res.end(JSON.stringify({ error: { message: "Too many requests." } }));
      }
      if (phone === "0245555555") {
        // A careless upstream that repeats the credentials it was sent.
        res.writeHead(403, { "Content-Type": "application/json" });
        return res.end(
          JSON.stringify({ error: { message: `Key ${key} may not charge this wallet (you sent ${req.headers.authorization}).` } }),
        );
      }
      if (phone === "0242222222") {
        res.writeHead(401, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "This key has been revoked." } }));
      }
      req.socket.destroy(); // connection reset after the request arrived
    });
    return;
  }
  res.writeHead(404).end();
});

server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
