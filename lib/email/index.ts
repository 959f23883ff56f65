// What other features may use of lib/email/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { emailOn, sendMail } from "./mailer";
export type { Message } from "./message";
