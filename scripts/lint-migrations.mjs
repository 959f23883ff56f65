// npm run lint: no migration breaks the release before it (docs/operations.md, "Upgrading").
// While a new release starts, the old one still runs against the migrated database: a migration
// may add (expand) but not remove or change what the old code calls; the removal (contract) comes
// a release later, marked on its statement with `-- contract: <why>`, which a reviewer reads.
// Migrations up to BASELINE were written before the rule and are left as they are (0006 adds a
// required field, 0017 replaces a function: those releases were stopped, then started).
// Exit 1 naming each statement, its file and line.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { nameAt, shape, statements } from "./sql-tokens.mjs";

const BASELINE = "0024";
const DIR = "lib/db/migrations";

/**
 * The statements of `files` (name and SQL, in the order they run) that break the release before,
 * as `file:line: what` lines; files numbered up to `baseline` are read (for the functions they
 * define) but not judged.
 * @param {{ name: string, sql: string }[]} files
 * @param {string} [baseline]
 * @returns {string[]}
 */
export function lintMigrations(files, baseline = BASELINE) {
  /** @type {Map<string, string>} each function's name → its arguments and what it returns */
  const functions = new Map();
  const problems = [];
  for (const { name, sql } of files) {
    const judged = name.slice(0, baseline.length) > baseline;
    const file = { tables: new Set(), columns: new Set() };
    for (const statement of statements(sql)) {
      const found = breaks(statement.tokens, file, functions);
      const marked = statement.comments.some((c) => /^contract\s*:\s*\S/i.test(c));
      if (judged && !marked) for (const what of found) problems.push(`${name}:${statement.line}: ${what}`);
    }
  }
  return problems;
}

/** What one statement does that the release before cannot live with (none: []). */
function breaks(tokens, file, functions) {
  const s = shape(tokens);
  const head = /^ (CREATE|ALTER|DROP|DO) /.exec(s)?.[1];
  if (head === "DROP") return [`DROP ${tokens[1].value}: the release before may still use it`];
  if (head === "DO") {
    // Anonymous code: its statements are judged as if written out; dynamic SQL cannot be read.
    const body = tokens.find((t) => t.kind === "body")?.value ?? "";
    const inner = statements(body).flatMap((st) => {
      // Past BEGIN, DECLARE, IF … THEN: from the statement's first word that changes the schema.
      const from = st.tokens.findIndex((t) => t.kind === "word" && /^(CREATE|ALTER|DROP)$/.test(t.value));
      return from < 0 ? [] : breaks(st.tokens.slice(from), file, functions);
    });
    return / EXECUTE /.test(shape(statements(body).flatMap((st) => st.tokens)))
      ? [...inner, "EXECUTE in a DO block: dynamic SQL cannot be checked"]
      : inner;
  }
  if (head === "CREATE") return created(tokens, s, file, functions);
  if (head !== "ALTER") return [];
  const found = [];
  if (/ RENAME /.test(s)) found.push("RENAME: the release before still uses the old name");
  if (/ SET SCHEMA /.test(s)) found.push("SET SCHEMA: the release before still looks for it where it was");
  const table = /^ ALTER TABLE (ONLY |IF EXISTS )*/.exec(s);
  if (!table) {
    if (/ DROP (?!NOT NULL )/.test(s)) found.push(`${s.trim().split(" ", 2).join(" ")} … DROP: the release before may still use it`);
    return found;
  }
  const name = nameAt(tokens, table[0].trim().split(" ").length);
  if (file.tables.has(name)) return found;
  for (const action of actions(tokens)) found.push(...altered(name, action, file));
  return found;
}

/** CREATE …: new tables are the file's own; a unique index or a changed function may break. */
function created(tokens, s, file, functions) {
  const table = /^ CREATE (UNLOGGED |TEMP |TEMPORARY )?TABLE (IF NOT EXISTS )?/.exec(s);
  if (table) {
    file.tables.add(nameAt(tokens, table[0].trim().split(" ").length));
    return [];
  }
  const index = /^ CREATE UNIQUE INDEX .*? ON (ONLY )?/.exec(s);
  if (index) {
    const at = index[0].trim().split(" ").length;
    const name = nameAt(tokens, at);
    if (file.tables.has(name) || onlyNew(name, group(tokens, at), file)) return [];
    return [`CREATE UNIQUE INDEX on ${name}: the release before may write rows it refuses`];
  }
  const fn = /^ CREATE (OR REPLACE )?(FUNCTION|PROCEDURE) /.exec(s);
  if (!fn) return [];
  const at = fn[0].trim().split(" ").length;
  const name = nameAt(tokens, at);
  const args = shape(group(tokens, at)).trim();
  const returns =
    / RETURNS (.*?) (LANGUAGE|AS|SET|IMMUTABLE|STABLE|VOLATILE|STRICT|SECURITY|PARALLEL|COST|ROWS|CALLED|WINDOW|LEAKPROOF) /.exec(s)?.[1] ??
    "";
  const signature = `${args} RETURNS ${returns}`;
  const before = functions.get(name);
  functions.set(name, signature);
  if (fn[1] && before !== undefined && before !== signature) {
    return [`CREATE OR REPLACE ${fn[2]} ${name} changes its signature: the release before calls the old one`];
  }
  return [];
}

/** One action of ALTER TABLE on a table that the release before uses. */
function altered(table, tokens, file) {
  const s = shape(tokens);
  if (/^ DROP NOT NULL /.test(s) || / ALTER (COLUMN )?\S+ DROP NOT NULL /.test(s)) return [];
  if (/ DROP /.test(s)) return [`${table}: ${s.trim().split(" ").slice(0, 2).join(" ")}: the release before may still use it`];
  if (/^ ALTER (COLUMN )?\S+ (SET DATA )?TYPE /.test(s))
    return [`${table}: ALTER COLUMN … TYPE: the release before reads and writes the old type`];
  if (/ SET NOT NULL /.test(s)) return [`${table}: SET NOT NULL: the release before may write no value`];
  const constraint = /^ ADD (CONSTRAINT \S+ )?(CHECK|UNIQUE|PRIMARY KEY|EXCLUDE|FOREIGN KEY) /.exec(s);
  if (constraint) {
    if (onlyNew(table, group(tokens, constraint[0].trim().split(" ").length - 1), file)) return [];
    return [`${table}: ADD ${constraint[2]} on columns it had: the release before may write rows it refuses`];
  }
  const column = /^ ADD (COLUMN )?(IF NOT EXISTS )?/.exec(s);
  if (!column) return [];
  file.columns.add(`${table}.${nameAt(tokens, column[0].trim().split(" ").length)}`);
  const required = / NOT NULL | PRIMARY KEY /.test(s) && !/ DEFAULT | GENERATED | (SMALL|BIG)?SERIAL[248]? /.test(s);
  return required ? [`${table}: ADD COLUMN … NOT NULL without DEFAULT: the release before inserts rows without it`] : [];
}

/** ALTER TABLE's actions: the tokens after its name, split at the commas between them. */
function actions(tokens) {
  const start = /^ ALTER TABLE (ONLY |IF EXISTS )*/.exec(shape(tokens))[0].trim().split(" ").length;
  const from = tokens[start + 1]?.value === "." ? start + 3 : start + 1;
  const out = [[]];
  let depth = 0;
  for (const t of tokens.slice(from)) {
    if (t.value === "(") depth++;
    if (t.value === ")") depth--;
    if (t.value === "," && !depth && t.kind === "punct") out.push([]);
    else out.at(-1).push(t);
  }
  return out;
}

/** The tokens inside the first parentheses at or after `at`. */
function group(tokens, at) {
  const open = tokens.findIndex((t, i) => i >= at && t.kind === "punct" && t.value === "(");
  if (open < 0) return [];
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (tokens[i].value === "(" && tokens[i].kind === "punct") depth++;
    if (tokens[i].value === ")" && tokens[i].kind === "punct" && !--depth) return tokens.slice(open + 1, i);
  }
  return tokens.slice(open + 1);
}

/** Whether every column named in `tokens` was added to `table` by this same migration. */
function onlyNew(table, tokens, file) {
  const names = tokens.filter((t) => t.kind === "ident" || (t.kind === "word" && /^[A-Z_]/.test(t.value) && !KEYWORDS.has(t.value)));
  const columns = names.map((t) => (t.kind === "ident" ? t.value : t.value.toLowerCase())).filter((n) => n !== table);
  return columns.length > 0 && columns.every((c) => file.columns.has(`${table}.${c}`));
}

const KEYWORDS = new Set([
  "AND",
  "OR",
  "NOT",
  "NULL",
  "IS",
  "IN",
  "ASC",
  "DESC",
  "NULLS",
  "FIRST",
  "LAST",
  "WITH",
  "USING",
  "TRUE",
  "FALSE",
]);

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? DIR;
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const problems = lintMigrations(names.map((name) => ({ name, sql: readFileSync(path.join(dir, name), "utf8") })));
  if (problems.length) {
    console.error(`${problems.map((p) => `${dir}/${p}`).join("\n")}
Expand now, contract a release later (docs/operations.md, "Upgrading"); a contract step says so on its statement: -- contract: <why>`);
    process.exit(1);
  }
  console.log(`lint-migrations: ${names.length} migrations, none breaks the release before (after ${BASELINE})`);
}
