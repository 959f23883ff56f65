// What other features may use of lib/two-factor/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { claimCode, releaseCode } from "./challenge";
export { mustEnrol, twoFactorOn, twoFactorRoles, twoFactorStates } from "./policy";
export { verifySignInCode } from "./sign-in";
