import type { ReactNode } from "react";
import { requirePage } from "@/lib/session/guards";

// Checked here, outside the segment's loading boundary, so a refusal is a real 307 or 403.
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePage("charge:reconcile", "/reconcile");
  return children;
}
