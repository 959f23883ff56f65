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

/**
 * Text from elsewhere (the upstream) made storable as it is shown: a NUL or a lone surrogate
 * becomes U+FFFD. Refusing it is not an option there: the answer must be recorded whatever it holds.
 */
export function toStorable(value: string): string {
  return value.replace(/\u0000/g, "\ufffd").replace(new RegExp(LONE_SURROGATE.source, "g"), "\ufffd");
}

/** One line of plain text: no control characters, well-formed Unicode. */
export function isPlainLine(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** Plain text that may span lines (tabs and line breaks allowed). */
export function isPlainText(value: string): boolean {
  return !CONTROL_EXCEPT_LINES.test(value) && !LONE_SURROGATE.test(value);
}
