// A real SMTP server on 127.0.0.1 (the smtp-server package) standing in for a mail server: every
// message it accepts is parsed (mailparser) and kept as a mail client would show it. The unit
// tests start one per file on a free port and read `mails`; the end-to-end run starts one as a
// server of its own (tests/e2e/support/smtp-sink.ts), which also writes each message down.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Mail = { at: string; from: string; to: string[]; subject: string; text: string; html: string };

export type SmtpSink = { url: string; port: number; mails: Mail[]; close(): Promise<void> };

/** Listens on `port` (a free one by default); `onMail` sees each message once it is kept. */
export async function startSmtpSink({ port = 0, onMail }: { port?: number; onMail?: (mail: Mail) => void } = {}): Promise<SmtpSink> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          const mail = {
            at: new Date().toISOString(),
            from: m.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
          };
          mails.push(mail);
          onMail?.(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
