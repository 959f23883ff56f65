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
import { config } from "zod/mini";
import en from "zod/v4/locales/en.js";

config({ jitless: true, ...en() });
