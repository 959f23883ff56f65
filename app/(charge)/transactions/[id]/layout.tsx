import type { ReactNode } from "react";
import { requireCharge } from "@/app/_charge/require-charge";

// This segment sits in the (charge) group, apart from /transactions' own loading state, so that
// nothing above this layout streams: an unknown id (here or on its receipt) is a real 404.
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireCharge(id, "charge:read", `/transactions/${id}`);
  return children;
}
