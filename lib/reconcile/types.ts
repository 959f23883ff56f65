// The Reconcile page's view, as its components may know it (made by ./queue-view.ts).
export type { QueueView } from "./queue-view";
