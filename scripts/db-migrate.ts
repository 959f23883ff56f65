// npm run db:migrate — applies lib/db/migrations to DATABASE_URL, or to PGlite in DATA_DIR, and
// sets up the batches' job queue (pg-boss's schema and queue). The server also does both by itself
// at start; run this as the schema's owner when the app runs as a least-privileged role.
// (PGlite's folder must not be open elsewhere.)
import { installBatchQueue } from "../lib/batches/queue-install";
import { openDb } from "../lib/db/open";

const opened = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
await installBatchQueue(opened);
console.log(`migrations applied, job queue ready (${opened.kind})`);
await opened.close();
