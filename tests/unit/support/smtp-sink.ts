// A real SMTP server on 127.0.0.1 for tests (the smtp-server package), which keeps every message
// it accepts, parsed (mailparser): what our mailer sent is read back as a mail client would.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Mail = { from: string; to: string[]; subject: string; text: string; html: string };

export type SmtpSink = { url: string; port: number; mails: Mail[]; close(): Promise<void> };

export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          mails.push({
            from: m.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
