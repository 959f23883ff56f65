// npm run db:migrate — applies lib/db/migrations to DATABASE_URL, or to PGlite in DATA_DIR.
// (The server also does this by itself at start; PGlite's folder must not be open elsewhere.)
import { openDb } from "../lib/db/open";

const opened = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
console.log(`migrations applied (${opened.kind})`);
await opened.close();
