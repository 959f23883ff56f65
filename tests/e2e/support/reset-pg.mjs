// Empties a PostgreSQL database used by one end-to-end server (all tables and migrations).
import pg from "pg";

const client = new pg.Client({ connectionString: process.argv[2] });
await client.connect();
await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
await client.end();
