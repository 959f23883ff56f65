// What other features may use of lib/notifications/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { recipientsOf } from "./recipients";
export { emailChoicesOf } from "./settings";
export { unreadCount } from "./queries";
