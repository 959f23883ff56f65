// npm run db:restore <file>: a backup made the data folder again, with the server stopped
// (lib/backup/restore.ts says what it checks and refuses). Its settings (DATA_DIR,
// BACKUP_ENCRYPTION_KEY) come as `npm start` reads them: the environment first, then the .env
// files of this folder, so it restores where the server will look. Exit code 0 restored, 1 refused, 2 usage.
import nextEnv from "@next/env";
import { restoreCommand } from "../lib/backup/restore";

nextEnv.loadEnvConfig(process.cwd(), false);
process.exitCode = await restoreCommand(process.argv.slice(2), process.env, { out: console.log, err: console.error });
