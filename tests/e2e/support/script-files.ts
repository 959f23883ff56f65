// The app's script files, as a page asks for them: Next.js's chunks (App Router pages) and the
// islands' modules and chunks (scripts/islands.mjs). A test that fails them all plays a dropped
// connection or a new deployment.
export const SCRIPT_FILES = /\/(_next\/static\/chunks|islands)\//;
