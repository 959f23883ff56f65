// zod's settings, applied by importing this module for its side effect next to zod itself:
//   import * as z from "zod";        (server code)
//   import * as z from "zod/mini";   (schemas the browser also loads)
//   import "@/lib/zod";
// Its JIT compiles parsers with `new Function`, which the pages' Content-Security-Policy
// forbids (no 'unsafe-eval'); jitless mode parses without it and skips the probe that would
// report a violation. English messages are set here, once, for both APIs: zod's chained API
// would load them by itself, zod/mini does not (its checks would say "Invalid input").
// The setting is zod's one global configuration, whichever entry point sets it. zod is
// imported as a namespace of named exports so that bundlers keep only what the schemas use.
import * as z from "zod/mini";
import en from "zod/v4/locales/en.js";
import { isPlainLine } from "@/lib/text";

z.config({ jitless: true, ...en() });

/** A refused line's words; the defaults name the field by its label. */
type PlainTextWords = {
  /** An empty line (once trimmed), or none at all, is refused with these words; without them it is allowed. */
  required?: string;
  tooLong?: string;
  notPlain?: string;
};

/**
 * One line of plain text a person types (a name, a description, a reference), for zod/mini
 * schemas: trimmed, at most `max` characters, no control characters or line breaks (lib/text.ts),
 * checked in that order. "Keep the name to 80 characters", "Remove control characters and line
 * breaks from the name" unless `words` says otherwise.
 */
export function plainText(label: string, max: number, words: PlainTextWords = {}) {
  const tooLong = z.maxLength(max, words.tooLong ?? `Keep the ${label} to ${max} characters`);
  const notPlain = z.refine<string>(isPlainLine, words.notPlain ?? `Remove control characters and line breaks from the ${label}`);
  if (!words.required) return z.string().check(z.trim(), tooLong, notPlain);
  return z.string({ error: words.required }).check(z.trim(), z.minLength(1, words.required), tooLong, notPlain);
}
