// What other features may use of lib/access/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { canSeeWholePhone, maskPhonesDeep, maskPhonesForDisplay, phoneFor } from "./phone-visibility";
export { ROLES, ROLE_LABELS, can, HOME, isRole } from "./roles";
export type { Permission, Role } from "./roles";
