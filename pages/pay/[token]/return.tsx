// GET /pay/{token}/return?attempt={key} – the receipt's "Back to <business>": 303 to the shop's
// return_url, signed now (lib/payment-requests/shop-return.ts); 404 when the link has none, the key
// made no attempt on it, or the attempt has no outcome yet. No framework JavaScript, as the pay page.
import type { GetServerSideProps } from "next";
import { payPages } from "@/lib/payment-requests/page-bridge";

export const getServerSideProps: GetServerSideProps<Record<string, never>, { token: string }> = async ({ params, query, res }) => {
  res.setHeader("Cache-Control", "private, no-store");
  const attempt = typeof query.attempt === "string" ? query.attempt : "";
  const to = await payPages().shopReturn(params?.token ?? "", attempt);
  if (!to) return { notFound: true };
  return { redirect: { destination: to, statusCode: 303 } };
};

export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function ShopReturn() {
  return null;
}
