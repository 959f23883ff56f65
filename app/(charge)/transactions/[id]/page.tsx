import type { Metadata } from "next";
import { ChargeDetail } from "@/app/_charge/charge-detail";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Charge" };

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await requirePage("charge:read", `/transactions/${id}`);
  return <ChargeDetail id={id} ctx={ctx} />;
}
