// Email through the merchant's SMTP server (nodemailer), when SMTP_URL and MAIL_FROM are set; with
// neither, nothing is sent and the screens say email is off. One transport per process (pooled).
// A message names its recipient member and carries the business's name; the log line of a send
// says only which kind of message went, never an address or what it said.
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { type Message, render } from "./message";

export function emailOn(): boolean {
  const e = env();
  return !!(e.SMTP_URL && e.MAIL_FROM && e.APP_URL);
}

const KEY = Symbol.for("momo-dashboard.mailer");
type Holder = { [KEY]?: Transporter };

function transport(): Transporter {
  const g = globalThis as Holder;
  g[KEY] ??= nodemailer.createTransport({
    url: env().SMTP_URL,
    // A server that does not answer must not hold a job for nodemailer's default 2 minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return g[KEY];
}

/** Sends one message; throws when the server refuses it (the job queue tries again). */
export async function sendMail(to: string, message: Message): Promise<void> {
  if (!emailOn()) throw new Error("email is off: SMTP_URL and MAIL_FROM are not set");
  const { subject, text, html } = render(message, env().APP_URL as string);
  await transport().sendMail({ from: env().MAIL_FROM, to, subject, text, html });
}

/** Closes the pool (at shutdown, and between tests that change the server). */
export function closeMailer(): void {
  const g = globalThis as Holder;
  g[KEY]?.close();
  delete g[KEY];
}
