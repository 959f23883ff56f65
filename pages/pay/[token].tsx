// GET /pay/{token} – the public pay page: anyone holding the link, no sign-in, no session cookie
// set. A Pages Router page because it must answer with the link's HTTP status (410 a link that
// takes no payment, 404 an unknown one) and an App Router page cannot say 410
// (docs/decisions/payment-requests.md). What it shows is lib/payment-requests/public.ts's,
// reached through lib/payment-requests/page-bridge.ts.
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { PayPage } from "@/components/payment-requests/pay-page";
import { payPageOf } from "@/lib/payment-requests/page-bridge";
import type { PayPageView } from "@/lib/payment-requests/view";

type Props = { page: PayPageView; token: string };

export const getServerSideProps: GetServerSideProps<Props, { token: string }> = async ({ params, res }) => {
  const token = params?.token ?? "";
  const { httpStatus, page } = await payPageOf(token);
  res.statusCode = httpStatus;
  res.setHeader("Cache-Control", "private, no-store");
  return { props: { page, token } };
};

export default function PayRoute({ page, token }: Props) {
  const business = page.business.name;
  const title =
    page.state === "open" ? `Pay ${business || "now"}` : page.state === "closed" ? "Payment link closed" : "Payment link not found";
  return (
    <>
      <Head>
        <title>{title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
      </Head>
      <PayPage page={page} token={token} />
    </>
  );
}
