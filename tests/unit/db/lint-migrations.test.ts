// The migration linter (scripts/lint-migrations.mjs, in `npm run lint`): each statement that would
// break the release before is refused however it is spelled, a statement the release before lives
// with passes, a keyword inside a comment, a string, a body or a quoted name is not read as one,
// `-- contract: <why>` lets a reviewed statement through, and the repository's migrations pass.
import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { lintMigrations } from "@/scripts/lint-migrations.mjs";

/** The problems of one new migration (after a baseline of 0024). */
const lint = (sql: string) => lintMigrations([{ name: "0025_new.sql", sql }]);

const BREAKS: [string, string][] = [
  ["DROP TABLE", 'DROP TABLE "charges";'],
  ["DROP INDEX", 'drop index if exists "charges_created_at_idx"'],
  ["DROP FUNCTION", "DROP FUNCTION momo_take_place(text, text, integer, integer, integer);"],
  ["DROP TYPE", "Drop Type mood;"],
  ["DROP COLUMN", 'ALTER TABLE "charges" DROP COLUMN "description";'],
  ["DROP without COLUMN", "alter table charges drop description"],
  ["DROP CONSTRAINT", 'ALTER TABLE "batch_rows" DROP CONSTRAINT "batch_rows_state_check";'],
  ["DROP DEFAULT", 'ALTER TABLE "charges" ALTER COLUMN "vouchers" DROP DEFAULT;'],
  ["RENAME COLUMN", 'ALTER TABLE "charges" RENAME COLUMN "description" TO "note";'],
  ["RENAME TO", "ALTER TABLE charges RENAME TO payments;"],
  ["RENAME a function", "ALTER FUNCTION momo_size_places(text, integer) RENAME TO size_places;"],
  ["ALTER COLUMN TYPE", 'ALTER TABLE "charges" ALTER COLUMN "amount_minor" TYPE numeric;'],
  ["SET DATA TYPE", "ALTER TABLE charges ALTER amount_minor SET DATA TYPE numeric USING amount_minor::numeric;"],
  ["SET NOT NULL", 'ALTER TABLE "charges" ALTER COLUMN "reference" SET NOT NULL;'],
  ["ADD COLUMN NOT NULL without DEFAULT", 'ALTER TABLE "charges" ADD COLUMN "channel" text NOT NULL;'],
  ["ADD without COLUMN, NOT NULL", "ALTER TABLE charges ADD IF NOT EXISTS channel text not null"],
  ["ADD CHECK on a column it had", 'ALTER TABLE "charges" ADD CONSTRAINT "c" CHECK ("charges"."amount_minor" < 100000);'],
  ["ADD UNIQUE on columns it had", 'ALTER TABLE "charges" ADD CONSTRAINT "u" UNIQUE("phone_number");'],
  ["CREATE UNIQUE INDEX on columns it had", 'CREATE UNIQUE INDEX "u" ON "charges" USING btree ("phone_number");'],
  ["SET SCHEMA", "ALTER TABLE charges SET SCHEMA archive;"],
  ["a DROP in a DO block", "DO $$ BEGIN IF true THEN ALTER TABLE charges DROP COLUMN description; END IF; END $$;"],
  ["dynamic SQL in a DO block", "DO $body$ BEGIN EXECUTE 'ALTER TABLE charges ' || 'DROP COLUMN description'; END $body$;"],
];

describe("a new migration", () => {
  test.each(BREAKS)("refuses %s", (_, sql) => {
    const problems = lint(sql);
    expect(problems.length, sql).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^0025_new\.sql:1: /);
  });

  test("refuses on any line, in any case and spacing, and names the line", () => {
    const sql = 'CREATE TABLE "t" ("id" integer);\n--> statement-breakpoint\nalter\n\tTABLE\n  "charges"   DrOp\n/* why not */ COLUMN "x";';
    expect(lint(sql)).toEqual(["0025_new.sql:3: charges: DROP COLUMN: the release before may still use it"]);
  });

  test("refuses each action of one ALTER TABLE that breaks, and passes those that add", () => {
    const sql =
      'ALTER TABLE "charges" ADD COLUMN "a" text, DROP COLUMN "b", ALTER COLUMN "c" TYPE bigint, ADD COLUMN "d" integer DEFAULT 0 NOT NULL;';
    expect(lint(sql)).toHaveLength(2);
  });

  test("refuses a function replaced with another signature, and passes the same one with a new body", () => {
    const before = "CREATE FUNCTION f(p text) RETURNS integer LANGUAGE sql AS $$ select 1 $$;";
    const files = (after: string) =>
      lintMigrations([
        { name: "0024_f.sql", sql: before },
        { name: "0025_new.sql", sql: after },
      ]);
    expect(files("create or replace function f(p text, q int) returns integer language sql as $$ select 2 $$;")).toHaveLength(1);
    expect(files("CREATE OR REPLACE FUNCTION f(p text) RETURNS bigint LANGUAGE sql AS $$ select 2 $$;")).toHaveLength(1);
    expect(files("CREATE OR REPLACE FUNCTION f(P TEXT)\n  RETURNS integer\n  LANGUAGE sql STABLE AS $$ select 2 $$;")).toEqual([]);
  });

  test("passes what the release before lives with", () => {
    const sql = `CREATE TABLE "new_things" ("id" uuid PRIMARY KEY NOT NULL, "name" text NOT NULL);
--> statement-breakpoint
ALTER TABLE "new_things" ADD CONSTRAINT "n" CHECK ("new_things"."name" <> ''); ALTER TABLE "new_things" DROP COLUMN "name";
ALTER TABLE "charges" ADD COLUMN "thing_id" uuid;
ALTER TABLE "charges" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;
ALTER TABLE "charges" ADD COLUMN "seq" bigserial PRIMARY KEY NOT NULL;
ALTER TABLE "charges" ADD CONSTRAINT "fk" FOREIGN KEY ("thing_id") REFERENCES "public"."new_things"("id");
CREATE UNIQUE INDEX "charges_thing_uq" ON "charges" USING btree ("thing_id") WHERE "charges"."thing_id" is not null;
CREATE INDEX "charges_channel_idx" ON "charges" USING btree ("channel");
ALTER TABLE "charges" ALTER COLUMN "reference" DROP NOT NULL;
ALTER TABLE "charges" ALTER COLUMN "vouchers" SET DEFAULT '';
CREATE FUNCTION g() RETURNS integer LANGUAGE sql AS $$ select 1 $$;
UPDATE "charges" SET "channel" = 'api' WHERE "created_by" IS NULL;`;
    expect(lint(sql)).toEqual([]);
  });

  test("does not read a keyword inside a comment, a string, a body or a quoted name", () => {
    const sql = `-- DROP TABLE charges;
/* ALTER TABLE charges DROP COLUMN x; /* nested */ DROP TABLE y; */
INSERT INTO "audit_events" ("action") VALUES ('DROP TABLE charges; ALTER TABLE x RENAME TO y');
INSERT INTO notes VALUES (E'it\\'s; DROP TABLE charges');
CREATE FUNCTION h() RETURNS void LANGUAGE plpgsql AS $fn$ BEGIN DROP TABLE scratch; END $fn$;
CREATE TABLE "drop table x; rename" ("a; DROP TABLE charges" text);`;
    expect(lint(sql)).toEqual([]);
  });

  test("does not let a comment, a string or a quoted name hide a statement", () => {
    expect(lint("SELECT '--'; DROP TABLE charges;")).toHaveLength(1);
    expect(lint('SELECT "/*"; DROP TABLE charges; -- */')).toHaveLength(1);
    expect(lint("SELECT $$ ; $$; DROP TABLE charges;")).toHaveLength(1);
  });

  test("lets a statement marked `-- contract: <why>` through, and only that one", () => {
    const sql = `-- contract: 0026 stopped reading upstream_calls (release 1.4); nothing calls it since 1.5
DROP TABLE "upstream_calls";--> statement-breakpoint
DROP TABLE "upstream_pauses";
ALTER TABLE charges -- contract : the old name was last read by 1.4
  RENAME COLUMN note TO description;
-- contract:
DROP TABLE "other";`;
    expect(lint(sql)).toEqual([
      "0025_new.sql:3: DROP TABLE: the release before may still use it",
      "0025_new.sql:7: DROP TABLE: the release before may still use it",
    ]);
  });

  test("leaves the migrations up to the baseline as they were written", () => {
    expect(lintMigrations([{ name: "0017_budget_places.sql", sql: "DROP TABLE upstream_calls;" }])).toEqual([]);
    expect(lintMigrations([{ name: "0017_budget_places.sql", sql: "DROP TABLE upstream_calls;" }], "0016")).toHaveLength(1);
  });
});

test("the repository's migrations pass, through the command npm run lint runs", () => {
  expect(execFileSync("node", ["scripts/lint-migrations.mjs"], { encoding: "utf8" })).toMatch(/none breaks the release before/);
});
