import type { ReactNode } from "react";
import { requirePage } from "@/lib/session/guards";

// Checked here, before anything streams, so a refusal is a real 307 or 403 (owners only).
export default async function Layout({ children }: { children: ReactNode }) {
  await requirePage("api_key:manage", "/settings/api-keys");
  return children;
}
