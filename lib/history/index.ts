// What other features may use of lib/history/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { atText, decodeCursor, encodeCursor } from "./queries";
