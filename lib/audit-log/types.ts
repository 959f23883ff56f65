// The audit log page's view, as its components may know it (made by ./audit-page.ts).
export type { AuditPageView } from "./audit-page";
