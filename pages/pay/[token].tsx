// GET  /pay/{token}                 – the public pay page: anyone holding the link, no sign-in, no cookie
// GET  /pay/{token}?attempt={key}   – one attempt made from it: waiting, the receipt, failed, not known
// POST /pay/{token}                 – its form (key, phoneNumber, provider, amount), same-site only:
//                                     303 to the attempt, or the form again with what was wrong
// A Pages Router page because it must answer with the link's HTTP status (410 a link that takes no
// payment, 404 an unknown one), which an App Router page cannot, and because it can run without
// any framework JavaScript (unstable_runtimeJS: false): the page customers open on the cheapest
// phones is plain HTML, a stylesheet and a few hundred bytes of script (docs/decisions/payment-requests.md).
// What it shows is lib/payment-requests/public.ts's, reached through lib/payment-requests/page-bridge.ts.
import type { IncomingMessage } from "node:http";
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { PayPage } from "@/components/payment-requests/pay-page";
import { payPages } from "@/lib/payment-requests/page-bridge";
import type { PayForm, PayPageView } from "@/lib/payment-requests/view";

type Props = { page: PayPageView; nonce: string | null };

/** The form's body: a few short fields; anything longer is cut off unread. */
const MAX_FORM_BYTES = 4_096;

async function formOf(req: IncomingMessage): Promise<PayForm> {
  let text = "";
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > MAX_FORM_BYTES) break;
  }
  const params = new URLSearchParams(text.slice(0, MAX_FORM_BYTES));
  const one = (k: string) => params.get(k) ?? undefined;
  return { key: one("key"), phoneNumber: one("phoneNumber"), provider: one("provider"), amount: one("amount") };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return headers;
}

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({ params, query, req, res }) => {
  const token = params?.token ?? "";
  const nonce = typeof req.headers["x-nonce"] === "string" ? req.headers["x-nonce"] : null;
  res.setHeader("Cache-Control", "private, no-store");
  const headers = headersOf(req);
  let answer: Awaited<ReturnType<ReturnType<typeof payPages>["view"]>>;
  if (req.method === "POST") {
    const sent = await payPages().submit(token, await formOf(req), {
      url: `http://${req.headers.host ?? "localhost"}/pay/${token}`,
      headers,
    });
    if ("redirect" in sent) return { redirect: { destination: sent.redirect, statusCode: 303 } };
    answer = sent;
  } else {
    answer = await payPages().view(token, typeof query.attempt === "string" ? query.attempt : null, headers);
  }
  res.statusCode = answer.httpStatus;
  return { props: { page: answer.page, nonce } };
};

/**
 * No framework JavaScript on this page: the server renders all of it (`runtime` is the default,
 * named so that Next.js's type of a page's config, which does not list unstable_runtimeJS, fits).
 */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

const TITLES: Record<PayPageView["state"], string> = {
  open: "Pay",
  attempt: "Your payment",
  closed: "Payment link closed",
  unknown: "Payment link not found",
};

export default function PayRoute({ page, nonce }: Props) {
  const business = page.business.name;
  return (
    <>
      <Head>
        <title>{business && page.state !== "unknown" ? `${TITLES[page.state]} · ${business}` : TITLES[page.state]}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <PayPage page={page} nonce={nonce} />
    </>
  );
}
