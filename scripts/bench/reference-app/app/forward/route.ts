// The benchmark's reference: the least a Next.js route handler can do to forward a charge —
// parse the JSON body and send it on, then hand back the upstream's answer. The dashboard's
// own cost per charge is measured against this (scripts/bench/overhead.ts).
export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  const body = await req.json();
  const res = await fetch(`${process.env.FORWARD_TO}/v1/payments/momo/charge`, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.FORWARD_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return new Response(await res.text(), { status: res.status, headers: { "Content-Type": "application/json" } });
}
