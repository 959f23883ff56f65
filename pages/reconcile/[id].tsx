// GET  /reconcile/{id} – a charge opened from the reconciliation queue: the charge's page
// (pages/transactions/[id].tsx), with Reconcile the current place and a way back to the queue's
// page with its filters (carried in this address)
// POST /reconcile/{id} – its forms, as the charge's page's
import type { GetServerSideProps } from "next";
import { ChargePage, type ChargePageProps } from "@/components/charge-page/charge-page";
import { chargePages } from "@/lib/charge-page/page-bridge";
import { formOf, pageRequest, staffProps } from "@/lib/layout/request";

export const getServerSideProps: GetServerSideProps<ChargePageProps> = async (context) => {
  const { req, res, resolvedUrl } = context;
  const id = String(context.params?.id ?? "");
  if (req.method === "POST") {
    const url = `http://${req.headers.host ?? "localhost"}${resolvedUrl}`;
    // At most 16 kB as sent: a 500-character note, every character %-escaped, fits.
    const form = await formOf(req, 16_384);
    return staffProps(await chargePages.get().act(pageRequest(context), id, "queue", form, url), res, resolvedUrl, "POST");
  }
  return staffProps(await chargePages.get().view(pageRequest(context), id, "queue"), res, resolvedUrl);
};

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default ChargePage;
