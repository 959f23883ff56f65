import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChargeResult } from "@/components/charge-result";
import { requirePage } from "@/lib/auth/guards";
import { can } from "@/lib/auth/roles";
import { currentChargeView } from "@/lib/charges/service";
import { isUuid } from "@/lib/http/request";

export const metadata: Metadata = { title: "Charge" };

export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const member = await requirePage("charge:read", `/transactions/${id}`);
  const charge = isUuid(id) ? await currentChargeView(id) : null;
  if (!charge) notFound();
  return <ChargeResult initial={charge} canCharge={can(member.role, "charge:create")} />;
}
