// What the member commands share (npm run users:add, users:reset-password): the database as the
// environment names it, or exit 1 naming why (a PGlite folder a running server holds:
// lib/db/folder-lock.ts; a database out of reach), and Better Auth on it.
import { openDb, type OpenedDb } from "../lib/db/open";
import { type Auth, createAuth } from "../lib/auth/create-auth";
import { getOrCreateSecret } from "../lib/session/secret";

export async function openForMembers(): Promise<{ opened: OpenedDb; auth: Auth }> {
  let opened: OpenedDb;
  try {
    opened = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
  } catch (error) {
    console.error(`could not open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  const secret = process.env.BETTER_AUTH_SECRET || (await getOrCreateSecret(opened.db, "better_auth"));
  return { opened, auth: createAuth({ db: opened.db, secret, appUrl: process.env.APP_URL || undefined }) };
}
