// What other features may use of lib/history/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { parseHistoryFilters, searchKind } from "./filters";
export { asSeenBy, historyRows } from "./page";
export { phoneSearchRefusal } from "./phone-search-limit";
