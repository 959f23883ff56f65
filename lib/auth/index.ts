// What other features may use of lib/auth/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { RESET_EMAIL_MINUTES, createAuth } from "./create-auth";
export type { Auth, ResetSender, WithAuth } from "./create-auth";
export { withPasswordProof } from "./password-proof";
export { isAuthRefusal, minutes, signIn, takeAttempt } from "./sign-in";
export type { SignInDeps, WithSignIn } from "./sign-in";
export { createSignInThrottle } from "./throttle";
export type { SignInThrottle } from "./throttle";
