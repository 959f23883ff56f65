// npm run db:export [-- <file>]: the embedded database (PGlite in DATA_DIR) as a SQL file for an
// empty PostgreSQL database, and what to do next (lib/db-export/command.ts says how). Stop the
// server first: one process at a time may open the folder. Exit code 0 written, 1 refused or
// failed, 2 usage.
import { dbExport } from "../lib/db-export/command";

process.exitCode = await dbExport(process.argv.slice(2), process.env, { out: console.log, err: console.error });
