// npm run users:add -- --email ama@example.com --name "Ama Mensah" --role staff --password '…'
// Creates a member non-interactively (for demos, tests and scripted set-ups). The password may
// come from an environment variable instead: --password-env VAR. With PGlite, stop the server
// first (one process at a time may open ./data); with DATABASE_URL it can run at any time.
import { parseArgs } from "node:util";
import { audit } from "../lib/audit/entries";
import { createMember } from "../lib/team/members";
import { newMemberSchema } from "../lib/team/schema";
import { openForMembers } from "./members-cli";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
    "password-env": { type: "string" },
  },
});
const password = values.password ?? (values["password-env"] ? process.env[values["password-env"]] : undefined);
const parsed = newMemberSchema.safeParse({
  email: values.email,
  name: values.name ?? values.email?.split("@")[0],
  role: values.role,
  password,
});
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`--${String(issue.path[0])}: ${issue.message}`);
  console.error('usage: npm run users:add -- --email E --role owner|staff|support (--password P | --password-env VAR) [--name "N"]');
  process.exit(2);
}

const { opened, auth } = await openForMembers();
try {
  const id = await createMember(auth, parsed.data);
  await audit(opened.db, {
    action: "member_added",
    actorEmail: "command line",
    targetId: id,
    detail: { email: parsed.data.email, role: parsed.data.role },
  });
  console.log(`added ${parsed.data.role} ${parsed.data.email} (${id})`);
} catch (error) {
  console.error(`could not add the member: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
