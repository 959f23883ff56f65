// What the run's SMTP sink received (./smtp-sink.ts): the messages the sandbox app server sent,
// read back as a mail client would show them.
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import type { Mail } from "../../support/smtp-sink";
import { inRun } from "./ports";

export function mailbox(): Mail[] {
  return readFileSync(inRun("mail.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail);
}

/** The first message to `to` that `match` accepts, waiting for it up to `timeout` ms. */
export async function mailTo(to: string, match: (m: Mail) => boolean, timeout = 20_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = mailbox().find((m) => m.to.includes(to) && match(m));
        return !!found;
      },
      { timeout, message: `no email to ${to} as expected` },
    )
    .toBe(true);
  return found as Mail;
}
