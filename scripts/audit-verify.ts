// npm run audit:verify [-- --expect-head <hash>]: the audit log's hash chain and signatures checked
// (lib/audit-log/verify-command.ts says how). Exit code 0 verified, 1 broken, 2 usage or error.
import { auditVerify } from "../lib/audit-log/verify-command";

process.exitCode = await auditVerify(process.argv.slice(2), process.env, { out: console.log, err: console.error });
