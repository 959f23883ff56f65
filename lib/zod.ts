// zod, configured once. Its JIT compiles parsers with `new Function`, which the pages'
// Content-Security-Policy forbids (no 'unsafe-eval'); jitless mode parses without it, and
// skips the probe that would report a violation. Import z from here, never from "zod".
import { z } from "zod";

z.config({ jitless: true });

export { z };
