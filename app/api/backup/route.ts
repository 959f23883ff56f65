// GET /api/backup – a backup of the embedded database as one file (owner; the password or a code
// again when the last proof is over REAUTH_MINUTES old; audited). On PostgreSQL: 409, pg_dump's job.
import { downloadBackup } from "@/lib/backup";
import { route } from "@/lib/session/route";

export const dynamic = "force-dynamic";

export const GET = route("backup:download", { fresh: true }, async (ctx) => {
  const file = await downloadBackup(ctx);
  return new Response(new Uint8Array(file.body), { headers: file.headers });
});
