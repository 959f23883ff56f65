// Reads SQL as PostgreSQL does, far enough for scripts/lint-migrations.mjs: comments, string
// literals, dollar-quoted bodies and quoted identifiers become single tokens or vanish, so that a
// keyword inside any of them is never read as a keyword, and a statement ends only at a `;`
// outside them. Case and whitespace do not matter: words are upper-cased.

/**
 * One statement: its tokens, its line, and the `--` comments between the end of the statement
 * before and its own `;` (where a `-- contract: …` mark belongs).
 * @typedef {{ kind: "word" | "ident" | "string" | "body" | "punct", value: string }} Token
 * @typedef {{ tokens: Token[], line: number, comments: string[] }} Statement
 */

/** @param {string} sql @returns {Statement[]} */
export function statements(sql) {
  /** @type {Statement[]} */
  const out = [];
  /** @type {Statement} */
  let current = { tokens: [], line: 0, comments: [] };
  let i = 0;
  const lineAt = (at) => sql.slice(0, at).split("\n").length;
  const push = (kind, value, at) => {
    if (!current.tokens.length) current.line = lineAt(at);
    current.tokens.push({ kind, value });
  };
  while (i < sql.length) {
    const c = sql[i];
    const rest = sql.slice(i);
    if (/\s/.test(c)) {
      i++;
    } else if (rest.startsWith("--")) {
      const end = sql.indexOf("\n", i);
      const stop = end < 0 ? sql.length : end;
      current.comments.push(sql.slice(i + 2, stop).trim());
      i = stop;
    } else if (rest.startsWith("/*")) {
      i = blockCommentEnd(sql, i);
    } else if (c === ";") {
      if (current.tokens.length) out.push(current);
      current = { tokens: [], line: 0, comments: current.tokens.length ? [] : current.comments };
      i++;
    } else if (c === "'" || (/[eEuUbBxXnN]/.test(c) && sql[i + 1] === "'") || (/[uU]/.test(c) && sql.slice(i + 1, i + 3) === "&'")) {
      const open = sql.indexOf("'", i);
      const escapes = /[eE]/.test(c);
      const end = quotedEnd(sql, open, "'", escapes);
      push("string", sql.slice(open + 1, end - 1), i);
      i = end;
    } else if (c === '"') {
      const end = quotedEnd(sql, i, '"', false);
      push("ident", sql.slice(i + 1, end - 1).replaceAll('""', '"'), i);
      i = end;
    } else if (c === "$" && /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.test(rest)) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest)[0];
      const close = sql.indexOf(tag, i + tag.length);
      const end = close < 0 ? sql.length : close;
      push("body", sql.slice(i + tag.length, end), i);
      i = close < 0 ? sql.length : close + tag.length;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const word = /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/.exec(rest)[0];
      push("word", word.toUpperCase(), i);
      i += word.length;
    } else if (/[0-9$]/.test(c)) {
      const number = /^\$?[0-9][0-9._eE]*/.exec(rest)?.[0] ?? c;
      push("word", number, i);
      i += number.length;
    } else {
      const punct = rest.startsWith("::") ? "::" : c;
      push("punct", punct, i);
      i += punct.length;
    }
  }
  if (current.tokens.length) out.push(current);
  return out;
}

/** Where a block comment that opens at `at` ends (they nest in PostgreSQL). */
function blockCommentEnd(sql, at) {
  let depth = 0;
  let i = at;
  while (i < sql.length) {
    if (sql.startsWith("/*", i)) {
      depth++;
      i += 2;
    } else if (sql.startsWith("*/", i)) {
      depth--;
      i += 2;
      if (!depth) return i;
    } else i++;
  }
  return sql.length;
}

/** Where a quoted string or identifier that opens at `at` ends (doubled quotes stay inside). */
function quotedEnd(sql, at, quote, backslashEscapes) {
  let i = at + 1;
  while (i < sql.length) {
    if (backslashEscapes && sql[i] === "\\") i += 2;
    else if (sql[i] === quote && sql[i + 1] === quote) i += 2;
    else if (sql[i] === quote) return i + 1;
    else i++;
  }
  return sql.length;
}

/**
 * The tokens as one line to match against: words upper-cased, identifiers quoted with any space
 * inside them replaced (so that no keyword can be read in one), strings and bodies as marks.
 * @param {Token[]} tokens
 */
export function shape(tokens) {
  const parts = tokens.map((t) =>
    t.kind === "ident" ? `"${t.value.replace(/\s/g, "_")}"` : t.kind === "string" ? "'…'" : t.kind === "body" ? "$…$" : t.value,
  );
  return ` ${parts.join(" ")} `;
}

/** A name as PostgreSQL folds it: quoted as written, unquoted in lower case; schema left off. */
export function nameAt(tokens, at) {
  let i = at;
  if (tokens[i + 1]?.value === ".") i += 2;
  const t = tokens[i];
  return t ? (t.kind === "ident" ? t.value : t.value.toLowerCase()) : "";
}
