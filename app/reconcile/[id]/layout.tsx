import type { ReactNode } from "react";
import { requireCharge } from "@/app/_charge/require-charge";

// A charge opened from the queue. The reconcile layout above has checked the role; here the id
// is looked up before the segment's loading state, so an unknown one is a real 404.
export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireCharge(id, "charge:reconcile", `/reconcile/${id}`);
  return children;
}
