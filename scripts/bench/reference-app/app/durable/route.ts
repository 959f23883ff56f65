// The benchmark's durable reference: the least a correct charge proxy can do — check the session
// (one indexed lookup), zod-parse the body, INSERT a ledger row with a unique idempotency key
// (a repeated key answers the row it made, never calls again), call the upstream, UPDATE the
// row with the answer. The dashboard's own cost per charge is measured against it
// (scripts/bench/overhead.ts).
import * as z from "zod";
import { db } from "./db";

export const dynamic = "force-dynamic";

const chargeBody = z.object({
  amount: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/),
  currency: z.enum(["GHS"]),
  phoneNumber: z.string().regex(/^0\d{9}$/),
  provider: z.enum(["mtn", "vodafone", "airteltigo"]),
  vouchers: z.string().max(32),
  description: z.string().max(140),
});

const json = (status: number, body: unknown) => Response.json(body, { status });

export async function POST(req: Request): Promise<Response> {
  const q = await db();
  const token = /(?:^|;\s*)ref_session=([^;]+)/.exec(req.headers.get("cookie") ?? "")?.[1];
  const key = req.headers.get("idempotency-key");
  if (!token) return json(401, { error: "sign in" });
  const session = await q("select member_id from bench_ref.sessions where token = $1 and expires_at > now()", [token]);
  const member = session.rows[0]?.member_id as string | undefined;
  if (!member) return json(401, { error: "sign in" });
  if (!key) return json(400, { error: "Idempotency-Key" });
  const parsed = chargeBody.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return json(422, { error: parsed.error.issues });
  const input = parsed.data;
  const amountMinor = Math.round(Number(input.amount) * 100);

  const inserted = await q(
    `insert into bench_ref.charges (member_id, idempotency_key, amount_minor, currency, phone_number, provider, description, status)
     values ($1, $2, $3, $4, $5, $6, $7, 'submitting')
     on conflict (member_id, idempotency_key) do nothing
     returning id`,
    [member, key, amountMinor, input.currency, input.phoneNumber, input.provider, input.description],
  );
  const id = inserted.rows[0]?.id as string | undefined;
  if (!id) {
    const earlier = await q("select * from bench_ref.charges where member_id = $1 and idempotency_key = $2", [member, key]);
    return json(200, { charge: earlier.rows[0] });
  }
  const res = await fetch(`${process.env.FORWARD_TO}/v1/payments/momo/charge`, {
    method: "POST",
    headers: { Authorization: `Bearer ${process.env.FORWARD_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      amount: amountMinor / 100,
      currency: input.currency,
      phone_number: input.phoneNumber,
      provider: input.provider,
      vouchers: input.vouchers,
      description: input.description,
    }),
  }).catch(() => null);
  const answer = res ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  const status = res?.ok && typeof answer?.status === "string" ? answer.status : "unknown";
  const updated = await q(
    "update bench_ref.charges set status = $2, reference = $3, answer = $4, updated_at = now() where id = $1 returning *",
    [id, status, (answer?.transaction_reference as string | undefined) ?? null, answer],
  );
  return json(201, { charge: updated.rows[0] });
}
