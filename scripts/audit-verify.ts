// npm run audit:verify [-- --expect-head <hash>]
// Walks the audit log's hash chain and names the first entry that was changed, inserted or
// removed, and each entry's signature with the audit signing key (AUDIT_SIGNING_KEY, or the key
// file in DATA_DIR): an entry inserted directly into the database is named. Opens the database as
// the app does (DATABASE_URL, or PGlite in DATA_DIR; with PGlite, stop the server first). Prints the head hash: note
// it, and a later run with --expect-head
// also catches entries removed from the end. Exit code 0 verified, 1 broken, 2 usage or error.
import { parseArgs } from "node:util";
import { verifyChain } from "../lib/audit-log/chain";
import { verifyingKey } from "../lib/audit/signing";
import { openDb } from "../lib/db/open";

const USAGE = "usage: npm run audit:verify [-- --expect-head <sha-256 hex of an entry>]";

let expectHead: string | undefined;
try {
  const { values } = parseArgs({ options: { "expect-head": { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  expectHead = values["expect-head"]?.trim().toLowerCase();
  if (expectHead !== undefined && !/^[0-9a-f]{64}$/.test(expectHead)) throw new Error("--expect-head takes a 64-character hex hash");
} catch (error) {
  console.error((error as Error).message);
  console.error(USAGE);
  process.exit(2);
}

const count = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "entry" : "entries"}`;

try {
  const opened = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
  try {
    const key = verifyingKey();
    const result = await verifyChain(opened.db, { expectHead, key });
    if (result.ok) {
      if (!result.head) console.log("Audit chain verified: the log is empty.");
      else {
        console.log(`Audit chain verified: ${count(result.checked)}, up to entry #${result.head.id} at ${result.head.at}.`);
        console.log(`Head hash: ${result.head.hash}`);
        if (expectHead) console.log("The noted head is still in the chain, unchanged.");
        else console.log("Note the head hash; a later run with --expect-head <hash> also catches entries removed from the end.");
      }
    } else {
      console.log(`AUDIT CHAIN BROKEN: ${result.broken.message}`);
      const good = result.verifiedUpTo;
      console.log(
        good
          ? `Verified before the break: ${count(result.checked)}, up to entry #${good.id} at ${good.at} (hash ${good.hash}).`
          : "Nothing before the break verifies.",
      );
      process.exitCode = 1;
    }
    const signing = result.signatures;
    console.log(
      key
        ? `Signatures checked with key ${key.id}${signing.chainedOnly ? `; ${count(signing.chainedOnly)} before #${signing.firstSignedId} predate signing and are only hash-chained` : ""}.`
        : "No signing key (AUDIT_SIGNING_KEY, or the key file in DATA_DIR): only the hash chain is checked, so an entry inserted directly into the database is not told apart.",
    );
  } finally {
    await opened.close();
  }
} catch (error) {
  console.error(`could not verify the audit chain: ${(error as Error).message}`);
  process.exitCode = 2;
}
