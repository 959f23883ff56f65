// The end-to-end run's own SMTP server on loopback (smtp-server), standing in for the merchant's
// mail server: each message the sandbox app server sends is parsed (mailparser) and appended as
// one JSON line to $E2E_DIR/mail.jsonl, which the specs read (tests/e2e/support/mail.ts).
//   node tests/e2e/support/smtp-sink.mjs PORT
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const port = Number(process.argv[2]);
const dir = process.env.E2E_DIR ?? ".e2e";
mkdirSync(dir, { recursive: true });
const file = `${dir}/mail.jsonl`;
writeFileSync(file, "");

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((m) => {
        const mail = {
          at: new Date().toISOString(),
          to: session.envelope.rcptTo.map((r) => r.address),
          from: m.from?.text ?? "",
          subject: m.subject ?? "",
          text: m.text ?? "",
          html: typeof m.html === "string" ? m.html : "",
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      })
      .catch(callback);
  },
});
server.listen(port, "127.0.0.1", () => console.log(`smtp sink on 127.0.0.1:${port}, writing ${file}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
