import type { ReactNode } from "react";
import { requireCharge } from "@/app/_charge/require-charge";

// A charge's receipt (./receipt; the charge's own page is pages/transactions/[id].tsx). This
// segment sits in the (charge) group so that nothing above this layout streams: an unknown id is
// a real 404.
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireCharge(id, "charge:read", `/transactions/${id}`);
  return children;
}
