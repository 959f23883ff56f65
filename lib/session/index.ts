// What other features may use of lib/session/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { forgetSecrets, getOrCreateSecret, keyedDigest } from "./secret";
export { currentMember, memberOfRequest, mustStillEnrol, pageGate, themeOfMember } from "./guards";
export { sessionPolicy } from "./policy";
