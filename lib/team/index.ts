// What other features may use of lib/team/ (docs/architecture.md, "The feature graph"); the rest is its own.
export { acceptInvite } from "./invites";
export { hasMembers, listMembers, setUpOwner } from "./members";
