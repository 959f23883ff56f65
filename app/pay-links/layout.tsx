import type { ReactNode } from "react";
import { requirePage } from "@/lib/session/guards";

// Checked here, outside any loading boundary, so a refusal is a real 307 or 403.
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePage("request:read", "/pay-links");
  return children;
}
