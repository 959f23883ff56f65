// zod's one setting, applied by importing this module for its side effect next to zod itself:
//   import * as z from "zod";
//   import "@/lib/zod";
// Its JIT compiles parsers with `new Function`, which the pages' Content-Security-Policy
// forbids (no 'unsafe-eval'); jitless mode parses without it and skips the probe that would
// report a violation. zod is imported as a namespace of named exports so that bundlers keep
// only what the schemas use (its locales stay out of the browser's JavaScript).
import { config } from "zod";

config({ jitless: true });
