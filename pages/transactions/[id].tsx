// GET  /transactions/{id} – one charge: its result, links, reconcile tools, reversals and timeline
// POST /transactions/{id} – its forms (check, review and resolve, reverse), same-site only
// A Pages Router page that runs no framework JavaScript (docs/decisions/lists-without-runtime.md),
// with a script of its own (components/charge-page/charge-script.ts: an open charge kept current,
// the confirmation modal). Its gate, view and forms come through lib/charge-page/page-bridge.ts;
// /reconcile/{id} is the same page opened from the queue. The receipt (/transactions/{id}/receipt)
// stays on the App Router.
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
    return staffProps(await chargePages.get().act(pageRequest(context), id, "history", form, url), res, resolvedUrl, "POST");
  }
  return staffProps(await chargePages.get().view(pageRequest(context), id, "history"), res, resolvedUrl);
};

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default ChargePage;
