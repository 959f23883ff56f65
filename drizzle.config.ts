import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate` to write SQL migrations from lib/db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
});
