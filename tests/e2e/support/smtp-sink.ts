// The end-to-end run's own SMTP server on loopback (tests/support/smtp-sink.ts, the one the unit
// tests start too), standing in for the merchant's mail server: each message the sandbox app
// server sends is appended as one JSON line to $E2E_DIR/mail.jsonl, which the specs read
// (./mail.ts). playwright.config.ts starts it:
//   node --import tsx tests/e2e/support/smtp-sink.ts PORT
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { startSmtpSink } from "../../support/smtp-sink";
import { inRun, RUN_DIR } from "./ports";

const file = inRun("mail.jsonl");
mkdirSync(RUN_DIR, { recursive: true });
writeFileSync(file, "");

const sink = await startSmtpSink({ port: Number(process.argv[2]), onMail: (mail) => appendFileSync(file, `${JSON.stringify(mail)}\n`) });
console.log(`smtp sink on 127.0.0.1:${sink.port}, writing ${file}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void sink.close().then(() => process.exit(0)));
