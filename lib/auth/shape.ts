// The team's limits that the browser needs without the schemas (lib/team/schema.ts): a page
// that shows them loads no zod (components/ui/lazy-resolver.ts).

/** The shortest password a member may choose. */
export const PASSWORD_MIN = 12;
