import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChargeResult } from "@/components/charge-result";
import { currentCharge } from "@/lib/charges/service";
import { toChargeView } from "@/lib/charges/view";
import { isUuid } from "@/lib/http/request";

export const metadata: Metadata = { title: "Charge" };

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const charge = isUuid(id) ? await currentCharge(id) : null;
  if (!charge) notFound();
  return <ChargeResult initial={toChargeView(charge)} />;
}
