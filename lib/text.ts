// Text a person typed, checked before it goes anywhere near the database. PostgreSQL cannot
// store a NUL character at all (the statement fails), and a lone UTF-16 surrogate is silently
// turned into U+FFFD on the way in, so what is stored would differ from what was sent; other
// control characters are never part of a name, a description or a search, and can hide text.
// Every schema that takes free text from a request uses these (forms and route handlers alike),
// so such input is refused with 422 naming the field instead of failing in SQL.

/** C0 and C1 control characters and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return are allowed (a note has lines). */
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * Text from outside that must be recorded whatever it holds, made storable: the upstream's
 * answers and messages, a webhook receiver's answer, a request's header values (User-Agent).
 * Refusing it is not an option there, and PostgreSQL refuses a NUL outright (SQLSTATE 22021 in
 * text, 22P05 in jsonb), which would lose the row it is part of. So: bytes are decoded as UTF-8
 * with U+FFFD for each invalid sequence (whatever the sender's Content-Type claims); a NUL or a
 * lone surrogate becomes U+FFFD; and at most `maxChars` characters are kept, a cut marked with
 * "…" and never splitting a surrogate pair. The one place for it: what a person types is refused
 * instead (isPlainLine, isPlainText: 422 naming the field).
 */
export function storable(value: string | Uint8Array, maxChars: number): string {
  const text = typeof value === "string" ? value : utf8.decode(value);
  const clean = text.replace(/\u0000/g, "\ufffd").replace(LONE_SURROGATES, "\ufffd");
  if (clean.length <= maxChars) return clean;
  let end = Math.max(0, maxChars - 1);
  // A high surrogate at the cut would be left alone: cut before it.
  if (end > 0 && /[\ud800-\udbff]/.test(clean[end - 1])) end -= 1;
  return `${clean.slice(0, end)}…`;
}

/** One line of plain text: no control characters, well-formed Unicode. */
export function isPlainLine(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Plain text that may span lines (tabs and line breaks allowed). */
export function isPlainText(value: string): boolean {
  return !CONTROL_EXCEPT_LINES.test(value) && !LONE_SURROGATE.test(value);
}

/** `text` as a literal inside a LIKE or ILIKE pattern: its `\`, `%` and `_` escaped (PostgreSQL's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
