// What other features may use of lib/business/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { currentBusiness } from "./current";
export { recentBusinessProfile } from "./profile";
