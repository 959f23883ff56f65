// npm run users:reset-password -- --email ama@example.com (--password '…' | --password-env VAR)
// The last way back for a member, the last owner included, when email is off and no owner can make
// a reset link: sets the password on the server, ends the member's sessions and reset links, and
// writes the audit entry. Two-factor stays as it was. With PGlite, stop the server first (it
// holds ./data; this stops short naming it); with DATABASE_URL it can run at any time.
import { parseArgs } from "node:util";
import * as z from "zod";
import { resetOnServer } from "../lib/session/password-reset";
import { openForMembers } from "./members-cli";
import { resetPasswordSchema } from "../lib/team/schema";

const USAGE = "usage: npm run users:reset-password -- --email E (--password P | --password-env VAR)";
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" }, "password-env": { type: "string" } } });
const password = values.password ?? (values["password-env"] ? process.env[values["password-env"]] : undefined);
const email = z.email().safeParse(values.email);
const parsed = resetPasswordSchema.safeParse({ password });
if (!email.success || !parsed.success) {
  if (!email.success) console.error("--email: give the member's email address");
  for (const issue of parsed.error?.issues ?? []) console.error(`--password: ${issue.message}`);
  console.error(USAGE);
  process.exit(2);
}

const { opened, auth } = await openForMembers();
try {
  const id = await resetOnServer({ db: opened.db, auth }, email.data, parsed.data.password);
  console.log(`reset the password of ${email.data} (${id}); their sessions are ended`);
} catch (error) {
  console.error(`could not reset the password: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
