// `npm run audit:verify [-- --expect-head <hash>]` (scripts/audit-verify.ts runs this): walks the
// audit log's hash chain and names the first entry that was changed, inserted or removed, and
// checks each entry's signature with the audit signing key (AUDIT_SIGNING_KEY, or the key file in
// DATA_DIR): an entry inserted directly into the database is named. Opens the database as the app
// does (DATABASE_URL, or PGlite in DATA_DIR; with PGlite, stop the server first). Prints the head
// hash: note it, and a later run with --expect-head also catches entries removed from the end.
// Returns the exit code: 0 verified, 1 broken, 2 usage or error. The environment and the output
// are given, so that tests run it in their own process (and one of them as the real command).
import { parseArgs } from "node:util";
import { verifyingKey } from "@/lib/audit";
import { openDb } from "@/lib/db/open";
import { verifyChain } from "./chain";
import type { CommandEnv, CommandIo } from "@/lib/command-io";

const USAGE = "usage: npm run audit:verify [-- --expect-head <sha-256 hex of an entry>]";

const count = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "entry" : "entries"}`;

export async function auditVerify(args: string[], env: CommandEnv, io: CommandIo): Promise<number> {
  let expectHead: string | undefined;
  try {
    const { values } = parseArgs({ args, options: { "expect-head": { type: "string" }, help: { type: "boolean", short: "h" } } });
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    expectHead = values["expect-head"]?.trim().toLowerCase();
    if (expectHead !== undefined && !/^[0-9a-f]{64}$/.test(expectHead)) throw new Error("--expect-head takes a 64-character hex hash");
  } catch (error) {
    io.err((error as Error).message);
    io.err(USAGE);
    return 2;
  }

  try {
    const opened = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || "./data" });
    try {
      const key = verifyingKey(env);
      const result = await verifyChain(opened.db, { expectHead, key });
      let code = 0;
      if (result.ok) {
        if (!result.head) io.out("Audit chain verified: the log is empty.");
        else {
          io.out(`Audit chain verified: ${count(result.checked)}, up to entry #${result.head.id} at ${result.head.at}.`);
          io.out(`Head hash: ${result.head.hash}`);
          if (expectHead) io.out("The noted head is still in the chain, unchanged.");
          else io.out("Note the head hash; a later run with --expect-head <hash> also catches entries removed from the end.");
        }
      } else {
        io.out(`AUDIT CHAIN BROKEN: ${result.broken.message}`);
        const good = result.verifiedUpTo;
        io.out(
          good
            ? `Verified before the break: ${count(result.checked)}, up to entry #${good.id} at ${good.at} (hash ${good.hash}).`
            : "Nothing before the break verifies.",
        );
        code = 1;
      }
      const signing = result.signatures;
      io.out(
        key
          ? `Signatures checked with key ${key.id}${signing.chainedOnly ? `; ${count(signing.chainedOnly)} before #${signing.firstSignedId} predate signing and are only hash-chained` : ""}.`
          : "No signing key (AUDIT_SIGNING_KEY, or the key file in DATA_DIR): only the hash chain is checked, so an entry inserted directly into the database is not told apart.",
      );
      return code;
    } finally {
      await opened.close();
    }
  } catch (error) {
    io.err(`could not verify the audit chain: ${(error as Error).message}`);
    return 2;
  }
}
