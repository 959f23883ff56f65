// Email through the merchant's SMTP server (nodemailer), when SMTP_URL and MAIL_FROM are set; with
// neither, nothing is sent and the screens say email is off. One pooled transport per process.
// A message names its recipient member and carries the business's name; the log line of a send
// says only which kind of message went, never an address or what it said.
import "server-only";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { count } from "@/lib/metrics/registry";
import { type Message, render } from "./message";

export type Mailer = {
  send: (to: string, message: Message) => Promise<void>;
  /** A member's own words, as they wrote them: plain text only (a pay link sent to its customer). */
  sendText: (to: string, subject: string, text: string) => Promise<void>;
  close: () => void;
};

/** A mailer on one SMTP server: what sendMail uses as configured, and what the tests point at their own server. */
export function mailerFor(o: { url: string; from: string; appUrl: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: o.url,
    pool: true,
    // A server that does not answer must not hold a job for nodemailer's default 2 minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(to, message) {
      const { subject, text, html } = render(message, o.appUrl);
      await counted(transport.sendMail({ from: o.from, to, subject, text, html }));
    },
    async sendText(to, subject, text) {
      await counted(transport.sendMail({ from: o.from, to, subject, text }));
    },
    close: () => transport.close(),
  };
}

export function emailOn(): boolean {
  const e = env();
  return !!(e.SMTP_URL && e.MAIL_FROM && e.APP_URL);
}

const KEY = Symbol.for("momo-dashboard.mailer");
type Holder = { [KEY]?: Mailer };

/** Sends one message as configured; throws when email is off or the server refuses it (the job is tried again). */
export async function sendMail(to: string, message: Message): Promise<void> {
  if (!emailOn()) throw new Error("email is off: SMTP_URL and MAIL_FROM are not set");
  await configured().send(to, message);
}

/** Sends one plain-text message as configured; throws when email is off or the server refuses it. */
export async function sendTextMail(to: string, subject: string, text: string): Promise<void> {
  if (!emailOn()) throw new Error("email is off: SMTP_URL and MAIL_FROM are not set");
  await configured().sendText(to, subject, text);
}

/** A send counted as sent or failed (momo_emails_total); its failure still thrown, for the job to try again. */
async function counted(sending: Promise<unknown>): Promise<void> {
  try {
    await sending;
    count("emails", { outcome: "sent" });
  } catch (error) {
    count("emails", { outcome: "failed" });
    throw error;
  }
}

function configured(): Mailer {
  const g = globalThis as Holder;
  const e = env();
  g[KEY] ??= mailerFor({ url: e.SMTP_URL as string, from: e.MAIL_FROM as string, appUrl: e.APP_URL as string });
  return g[KEY];
}

/** Closes the pool (at shutdown). */
export function closeMailer(): void {
  const g = globalThis as Holder;
  g[KEY]?.close();
  delete g[KEY];
}
