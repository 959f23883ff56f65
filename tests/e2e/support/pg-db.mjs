// The PostgreSQL databases of the end-to-end servers (tests/e2e/support/fresh-db.sh), through
// the maintenance database of the server in URL:
//   pg-db.mjs exists URL              exit 0 when URL's database exists, 1 when not
//   pg-db.mjs create URL [TEMPLATE]   URL's database anew (dropped first), a copy of TEMPLATE if given
//   pg-db.mjs rename URL NEW          renames URL's database NEW
//   pg-db.mjs prune URL PREFIX        drops every database named PREFIX… except URL's
import pg from "pg";

const [command, url, arg] = process.argv.slice(2);
const target = new URL(url);
const name = decodeURIComponent(target.pathname.slice(1));
const maintenance = new URL(url);
maintenance.pathname = "/postgres";
const client = new pg.Client({ connectionString: maintenance.toString() });
const quoted = (n) => `"${n.replaceAll('"', '""')}"`;
await client.connect();
try {
  if (command === "exists") {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    process.exitCode = rowCount ? 0 : 1;
  } else if (command === "create") {
    await client.query(`drop database if exists ${quoted(name)} with (force)`);
    await client.query(`create database ${quoted(name)}${arg ? ` template ${quoted(arg)}` : ""}`);
  } else if (command === "rename") {
    await client.query(`alter database ${quoted(name)} rename to ${quoted(arg)}`);
  } else if (command === "prune") {
    const { rows } = await client.query("select datname from pg_database where starts_with(datname, $1) and datname <> $2", [arg, name]);
    for (const row of rows) await client.query(`drop database if exists ${quoted(row.datname)} with (force)`);
  } else {
    throw new Error(`unknown command ${command}`);
  }
} finally {
  await client.end();
}
