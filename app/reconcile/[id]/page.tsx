import type { Metadata } from "next";
import { ChargeDetail } from "@/app/_charge/charge-detail";
import { requirePage } from "@/lib/session/guards";
import { queuePosition } from "@/lib/reconcile/filters";

export const metadata: Metadata = { title: "Charge" };

type Params = Record<string, string | string[] | undefined>;

// The charge page, opened from the queue: Reconcile stays the current place in the navigation,
// and the way back returns to the queue's page with its filters (carried in this address).
export default async function QueueChargePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Params>;
}) {
  const { id } = await params;
  const ctx = await requirePage("charge:reconcile", `/reconcile/${id}`);
  const { search } = queuePosition(await searchParams);
  return <ChargeDetail id={id} ctx={ctx} back={{ href: `/reconcile${search}`, label: "← Back to the queue" }} />;
}
